import { RegisterScreen } from '#app/features/account/components/register-screen.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /account/register: a form for visitors, rendered in the browser (it knows whether one is signed in). */
export const meta = privatePageMeta('register.title');
export const headers = privatePageHeaders;

export default function AccountRegisterRoute() {
  return <RegisterScreen />;
}
