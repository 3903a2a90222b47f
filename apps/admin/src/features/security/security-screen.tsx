import { totpConfirmRequestSchema } from '@shop/contracts/admin';
import { useMemo } from 'react';
import { Button, Form } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { contractResolver } from '../../lib/form-resolver.ts';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useSession } from '../auth/use-session.ts';
import { useConfirmTotp, useStartTotpSetup } from './api/totp.ts';
import { OwnSessions } from './components/own-sessions.tsx';
import { QrCode } from './qr-code.tsx';

/**
 * /admin/security: set up the second factor (QR code or key, a first code), then the recovery codes once;
 * and the member's own sessions, any other of which they can end.
 */
export function SecurityScreen() {
  const { t, locale } = useI18n();
  const session = useSession();
  const setup = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const resolver = useMemo(
    () =>
      contractResolver(totpConfirmRequestSchema, locale, { code: t.validation.code }, t.validation.invalid),
    [locale, t],
  );
  const form = useForm({ resolver, defaultValues: { code: '' } });
  const staff = session.data?.staff;
  const recoveryCodes = confirm.data?.recoveryCodes;

  const onConfirm = form.handleSubmit(async (request) => {
    if (confirm.isPending) return;
    try {
      await confirm.mutateAsync(request);
      announce(t.security.confirmed);
    } catch {
      // Shown in the form (confirm.error).
    }
  });

  return (
    <div className="stack">
      <PageHeading>{t.security.title}</PageHeading>
      {session.data?.mustSetUpTotp ? <p className="notice">{t.security.mustSetUp}</p> : null}
      {recoveryCodes ? (
        <section aria-labelledby="recovery-title" className="stack">
          <h2 id="recovery-title">{t.security.recoveryTitle}</h2>
          <p>{t.security.recoveryIntro}</p>
          <ul className="recovery-codes">
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <Button className="button primary" onPress={() => navigate('/orders')}>
            {t.security.done}
          </Button>
        </section>
      ) : (
        <>
          <p>{staff?.totpEnabled ? t.security.isEnabled : t.security.isNotEnabled}</p>
          {setup.data ? (
            <section aria-labelledby="setup-title" className="stack">
              <h2 id="setup-title" className="visually-hidden">
                {t.security.title}
              </h2>
              <p>{t.security.intro}</p>
              <QrCode uri={setup.data.uri} alt={t.security.qrAlt} />
              <dl className="facts">
                <dt>{t.security.secret}</dt>
                <dd>
                  <code className="totp-secret">{setup.data.secret}</code>
                </dd>
              </dl>
              <Form onSubmit={onConfirm} className="stack" validationBehavior="aria">
                <ProblemMessage error={confirm.error} />
                <FormTextField
                  control={form.control}
                  name="code"
                  label={t.security.code}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  isRequired
                />
                <Button type="submit" className="button primary">
                  {t.security.confirm}
                </Button>
              </Form>
            </section>
          ) : (
            <>
              <ProblemMessage error={setup.error} />
              <Button className="button primary" onPress={() => !setup.isPending && setup.mutate()}>
                {staff?.totpEnabled ? t.security.restart : t.security.start}
              </Button>
            </>
          )}
        </>
      )}
      <OwnSessions />
    </div>
  );
}
