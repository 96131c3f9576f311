import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router-dom';
import { type LoaderFunctionArgs } from '@/app/data-router';
import { limits, messages, site } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { ApiRequestError, apiRequest } from '@/lib/api';
import { useHydrated } from '@/hooks/use-hydrated';
import { fetchStaffUser, forgetStaffUser, safeRedirectPath } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Staff sign-in',
    description: `Sign in to the ${site.name} admin area.`,
    noindex: true,
  }),
};

/** Already signed in: straight on to where the visitor was going. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = await fetchStaffUser(context);
   
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirect')));
  return null;
}

function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FieldErrors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!emailPattern.test(email.trim())) errors.email = messages.emailInvalid;
  if (!password) errors.password = messages.passwordRequired;
  return errors;
}

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId() };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Uncontrolled fields: text typed before hydration is kept.
    const form = new FormData(event.currentTarget);
    const email = formText(form, 'email');
    const password = formText(form, 'password');
    setServerError(undefined);
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await apiRequest('POST', '/api/admin/login', { email: email.trim(), password });
      forgetStaffUser();
      void navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      const sentence = error instanceof ApiRequestError ? error.serverError : undefined;
      setServerError(sentence ?? (error instanceof Error ? error.message : 'Sign-in failed. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <section className="relative overflow-hidden bg-ink py-16 sm:py-24">
      <div aria-hidden="true" className="glow -top-40 -right-40 size-[28rem] text-beam/40" />
      <div aria-hidden="true" className="glow -bottom-48 -left-40 size-[26rem] text-labs/20" />
      <div className="container-page relative flex justify-center">
        <Card className="w-full max-w-md p-8 sm:p-10">
          <div className="mb-8 flex flex-col gap-3">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-ink text-labs">
              <LockKeyhole className="size-6" aria-hidden="true" />
            </span>
            <p className="eyebrow">Staff only</p>
            <h1 className="heading-2">Sign in</h1>
            <p className="text-sm text-ink-muted">Write, review and publish {site.name} articles.</p>
          </div>
          {/* POST (never GET, which would put the password in the address) until the script takes over. */}
          <form method="post" action="/admin/login" noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
            {serverError ? (
              <Alert variant="destructive" data-testid="login-error">
                <AlertTitle>Sign-in failed</AlertTitle>
                <AlertDescription>{serverError}</AlertDescription>
              </Alert>
            ) : null}
            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.email}>Email</Label>
              <Input
                id={ids.email}
                type="email"
                name="email"
                autoComplete="username"
                required
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? ids.emailError : undefined}
              />
              <FieldError id={ids.emailError} message={errors.email} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.password}>Password</Label>
              <Input
                id={ids.password}
                type="password"
                name="password"
                autoComplete="current-password"
                required
                maxLength={limits.passwordMax}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? ids.passwordError : undefined}
              />
              <FieldError id={ids.passwordError} message={errors.password} />
            </div>
            <Button type="submit" size="lg" disabled={busy || !hydrated} className="mt-2 w-full">
              {busy ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
        </Card>
      </div>
    </section>
  );
}
