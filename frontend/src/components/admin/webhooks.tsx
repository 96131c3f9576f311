import { useId, useState, type FormEvent } from 'react';
import {
  webhookEventLabels,
  webhookEventTypes,
  webhookFormatLabels,
  webhookFormats,
  webhookLimits,
  type SaveWebhookEndpointRequest,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookFormat,
} from '@northbeam/common';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldError, FieldHint, Label } from '@/components/ui/field';
import { Check, Copy } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useForm } from '@/components/ui/use-form';

/** An endpoint's state as a badge: active, or paused. */
export function WebhookStatusBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'status'> }) {
  return endpoint.status === 'active' ? (
    <Badge variant="secondary">Active</Badge>
  ) : (
    <Badge variant="destructive">Paused</Badge>
  );
}

/** The signing secret, shown once after it is made: to copy now. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Alert variant="info" data-testid="webhook-secret">
      <AlertTitle as="h2">Copy the signing secret now</AlertTitle>
      <AlertDescription>
        <p>
          It is shown only this once. The receiver verifies each delivery with it (docs/webhooks.md): any Standard
          Webhooks library takes it as it is.
        </p>
        <code
          className="mt-3 block rounded-lg bg-ink px-3 py-2 font-mono text-sm break-all text-white select-all"
          data-testid="webhook-secret-value"
        >
          {secret}
        </code>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDone}>
            I have saved it
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

interface EndpointFormValues {
  url: string;
  description: string;
  format: WebhookFormat;
  events: WebhookEventType[];
}

/** The fields of an endpoint (address, description, format, events), to add one or change it. */
export function WebhookEndpointForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  initial?: WebhookEndpoint;
  submitLabel: string;
  busyLabel: string;
  /** Saves; resolves when saved (the form then empties itself when adding), throws the server's refusal. */
  onSubmit: (values: SaveWebhookEndpointRequest) => Promise<void>;
}) {
  const blank: EndpointFormValues = {
    url: initial?.url ?? '',
    description: initial?.description ?? '',
    format: initial?.format ?? 'standard',
    events: initial?.events ?? ['enquiry.created'],
  };
  const form = useForm<EndpointFormValues>({ initial: blank, idPrefix: initial ? 'webhook-edit' : 'webhook' });
  const { bindForm } = form;
  const eventsId = useId();
  const toggle = (type: WebhookEventType, on: boolean) => {
    form.set(
      'events',
      webhookEventTypes.filter((event) => (event === type ? on : form.values.events.includes(event))),
    );
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.showErrors({});
    form.setProblem(undefined);
    await form.run(
      'submit',
      async () => {
        await onSubmit(form.values);
        if (!initial) form.reset(blank);
      },
      // Field errors under their fields; any other refusal in the alert under the form.
      (error) => form.fail(error, { fieldsOnly: true }),
    );
  };
  return (
    <form ref={bindForm} className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label="Address"
        {...form.field('url')}
        describedBy={`${form.fieldId('url')}-hint`}
        hint={
          <FieldHint id={`${form.fieldId('url')}-hint`}>
            Where each event is posted (https://…). Addresses inside this network are refused.
          </FieldHint>
        }
      >
        {(control) => (
          <Input
            {...control}
            {...form.text('url')}
            type="url"
            inputMode="url"
            maxLength={webhookLimits.urlMax}
            placeholder="https://hooks.example.com/northbeam"
          />
        )}
      </Field>
      <Field label="Description (optional)" {...form.field('description')}>
        {(control) => (
          <Input
            {...control}
            {...form.text('description')}
            maxLength={webhookLimits.descriptionMax}
            placeholder="Sales channel in Slack"
          />
        )}
      </Field>
      <Field label="Format" {...form.field('format')}>
        {(control) => (
          <Select {...control} {...form.text('format')}>
            {webhookFormats.map((format) => (
              <option key={format} value={format}>
                {webhookFormatLabels[format]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset className="flex flex-col gap-3" aria-describedby={`${eventsId}-error`}>
        <legend className="mb-1 text-sm font-semibold text-ink">Events</legend>
        <ul className="grid gap-3 sm:grid-cols-2">
          {webhookEventTypes.map((type, index) => {
            const id = index === 0 ? form.fieldId('events') : `${form.fieldId('events')}-${type}`;
            return (
              <li key={type} className="flex items-start gap-3">
                <Checkbox
                  id={id}
                  checked={form.values.events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                <div className="flex min-w-0 flex-col">
                  <Label htmlFor={id}>{webhookEventLabels[type]}</Label>
                  <span className="font-mono text-xs break-all text-ink-muted">{type}</span>
                </div>
              </li>
            );
          })}
        </ul>
        <div id={`${eventsId}-error`}>
          <FieldError field={form.fieldId('events')} message={form.errors.events} />
        </div>
      </fieldset>
      {form.problem ? (
        <Alert variant="destructive">
          <AlertDescription>{form.problem}</AlertDescription>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={form.busy !== null} data-testid="webhook-save">
          {form.busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
