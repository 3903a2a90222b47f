import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Section } from '../../ui/section.tsx';
import { hotelApiKeysQuery, useCreateHotelApiKey, useRevokeHotelApiKey } from './api/desk.ts';

/**
 * A hotel's API keys on its page (operators): a key for the hotel's booking engine or property system,
 * shown once when made (only its hash is kept), and revoked at once on every server.
 */
export function HotelApiKeys({ hotelId }: { hotelId: number }) {
  const texts = useDeskTexts();
  const { dateTime } = useI18n();
  const announce = useAnnounce();
  const keys = useQuery(hotelApiKeysQuery(hotelId));
  const create = useCreateHotelApiKey(hotelId);
  const revoke = useRevokeHotelApiKey(hotelId);
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  return (
    <Section id="hotel-api-keys" title={texts.keys.title}>
      <p>{texts.keys.intro}</p>
      <Form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (create.isPending) return;
          create.mutate(label.trim(), {
            onSuccess: (made) => {
              setShown(made.key);
              setLabel('');
              announce(texts.keys.made);
            },
          });
        }}
      >
        <TextField className="field" value={label} onChange={setLabel} maxLength={80}>
          <Label>{texts.keys.label}</Label>
          <Input />
        </TextField>
        <ProblemMessage error={create.error} />
        <div>
          <Button type="submit" className="button">
            {texts.keys.create}
          </Button>
        </div>
      </Form>
      {shown ? (
        <div className="notice" role="alert">
          <p>{texts.keys.once}</p>
          <p>
            <code className="api-key" data-testid="new-api-key">
              {shown}
            </code>
          </p>
        </div>
      ) : null}
      <ProblemMessage error={revoke.error} />
      <ul className="desk-recent">
        {(keys.data?.keys ?? []).map((key) => (
          <li key={key.id}>
            <p>
              <strong>{key.label}</strong> <code>{key.prefix}…</code>
            </p>
            <p className="secondary">
              {texts.keys.created} {dateTime(key.createdAt)} · {texts.keys.lastUsed}{' '}
              {key.lastUsedAt ? dateTime(key.lastUsedAt) : texts.keys.never}
              {key.revokedAt ? ` · ${texts.keys.revoked} ${dateTime(key.revokedAt)}` : ''}
            </p>
            {key.revokedAt ? null : (
              <ActionDialog
                trigger={
                  <>
                    {texts.keys.revoke}
                    <span className="visually-hidden"> {key.label}</span>
                  </>
                }
                title={texts.keys.revokeTitle(key.label)}
                intro={texts.keys.revokeIntro}
                confirmLabel={texts.keys.revoke}
                error={revoke.error}
                isPending={revoke.isPending}
                onOpen={() => revoke.reset()}
                onSubmit={() =>
                  revoke.mutateAsync(key.id).then(
                    () => {
                      announce(texts.keys.revokedDone(key.label));
                      return true;
                    },
                    () => false,
                  )
                }
              />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
