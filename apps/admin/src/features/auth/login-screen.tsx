import { adminLoginRequestSchema } from '@shop/contracts/admin';
import { useEffect, useMemo, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ApiProblem } from '../../lib/api-client.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { safeReturnPath } from '../../lib/page-focus.ts';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useSignIn } from './api/session.ts';

// The contract's request: without the code until the API asks for it, then with it required.
const passwordStep = adminLoginRequestSchema.omit({ totp: true });
const codeStep = adminLoginRequestSchema.required({ totp: true });

export function LoginScreen() {
  const { t, locale } = useI18n();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  // The answer that asked for the code: the question the new field asks, not an error to show.
  const [codeAskedBy, setCodeAskedBy] = useState<unknown>(null);
  const isAskingForCode = codeAskedBy !== null;
  const resolver = useMemo(() => {
    const messages = { email: t.validation.email, password: t.validation.password, totp: t.validation.totp };
    const code = contractResolver(codeStep, locale, messages, t.validation.invalid);
    // The password step's values are the code step's without the code: one form for both.
    return isAskingForCode
      ? code
      : (contractResolver(passwordStep, locale, messages, t.validation.invalid) as unknown as typeof code);
  }, [isAskingForCode, locale, t]);
  const form = useForm({ resolver, defaultValues: { email: '', password: '', totp: '' } });
  const next = safeReturnPath(searchParams.get('next'));
  // Once the API asks for the code, its field appears: typing starts there (not on the password).
  useEffect(() => {
    if (isAskingForCode) form.setFocus('totp');
  }, [isAskingForCode, form]);

  const onSubmit = form.handleSubmit(async (request) => {
    if (signIn.isPending) return;
    try {
      const signedIn = await signIn.mutateAsync(request);
      navigate(signedIn.mustSetUpTotp ? '/security' : next, { replace: true });
    } catch (error) {
      if (error instanceof ApiProblem && error.is('totp-required') && !isAskingForCode) {
        setCodeAskedBy(error);
      }
    }
  });
  const problem = signIn.error === codeAskedBy ? null : signIn.error;

  return (
    <main id="main" className="login">
      <PageHeading>{t.login.title}</PageHeading>
      {searchParams.get('ended') ? <p className="notice">{t.login.sessionEnded}</p> : null}
      {searchParams.get('passwordSet') ? (
        <p className="notice" role="status">
          {t.login.passwordSet}
        </p>
      ) : null}
      <Form onSubmit={onSubmit} className="stack" validationBehavior="aria">
        <ProblemMessage error={problem} />
        <FormTextField
          control={form.control}
          name="email"
          label={t.login.email}
          type="email"
          autoComplete="username"
          isRequired
          autoFocus
        />
        <FormTextField
          control={form.control}
          name="password"
          label={t.login.password}
          type="password"
          autoComplete="current-password"
          isRequired
        />
        {isAskingForCode ? (
          <FormTextField
            control={form.control}
            name="totp"
            label={t.login.totp}
            description={t.login.totpHint}
            autoComplete="one-time-code"
            isRequired
          />
        ) : null}
        <Button type="submit" className="button primary">
          {t.login.submit}
        </Button>
      </Form>
    </main>
  );
}
