import { acceptInviteRequestSchema } from '@shop/contracts/admin';
import { text } from '@shop/contracts/text';
import { useEffect, useMemo, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useStaffTexts } from '../../i18n/staff-texts.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useAcceptInvite } from './api/accept-invite.ts';

// The contract's password rule (12 characters at least), typed twice.
const passwordForm = acceptInviteRequestSchema
  .pick({ password: true })
  .extend({ repeat: text() })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], message: 'repeat' });

/** The invitation's token: the mailed link's fragment (`/admin/invite#<token>`), never sent in a URL. */
function tokenOfAddress(): string {
  return window.location.hash.replace(/^#/, '');
}

/**
 * /admin/invite: an invited member sets their password with the mailed link, then signs in. The token
 * is read once and taken out of the address bar, so that it is not left in the history or a bookmark.
 */
export function InviteScreen() {
  const { t, locale } = useI18n();
  const texts = useStaffTexts();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [token] = useState(tokenOfAddress);
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  const resolver = useMemo(
    () =>
      contractResolver(
        passwordForm,
        locale,
        { password: texts.validation.newPassword, repeat: texts.validation.repeatPassword },
        t.validation.invalid,
      ),
    [locale, t, texts],
  );
  const form = useForm({ resolver, defaultValues: { password: '', repeat: '' } });
  const isTokenMissing = !acceptInviteRequestSchema.shape.token.safeParse(token).success;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (accept.isPending) return;
    try {
      await accept.mutateAsync({ token, password });
      navigate('/login?passwordSet=1', { replace: true });
    } catch {
      // Shown above the form (accept.error): a used or expired link says so.
    }
  });

  return (
    <main id="main" className="login">
      <PageHeading>{texts.invite.title}</PageHeading>
      {isTokenMissing ? (
        <div className="stack">
          <div className="problem" role="alert">
            <p className="problem-title">{texts.invite.noToken}</p>
          </div>
          <p>
            <Link to="/login">{texts.invite.toLogin}</Link>
          </p>
        </div>
      ) : (
        <Form onSubmit={onSubmit} className="stack" validationBehavior="aria">
          <p>{texts.invite.intro}</p>
          <ProblemMessage error={accept.error} />
          <FormTextField
            control={form.control}
            name="password"
            label={texts.invite.password}
            description={texts.invite.passwordHint}
            type="password"
            autoComplete="new-password"
            isRequired
            autoFocus
          />
          <FormTextField
            control={form.control}
            name="repeat"
            label={texts.invite.repeat}
            type="password"
            autoComplete="new-password"
            isRequired
          />
          <Button type="submit" className="button primary">
            {texts.invite.submit}
          </Button>
          {accept.error ? (
            <p>
              <Link to="/login">{texts.invite.toLogin}</Link>
            </p>
          ) : null}
        </Form>
      )}
    </main>
  );
}
