import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { decodeMessage } from '../../../contracts/http';
import { ApiError } from '../../lib/api';
import { showError } from '../feedback/error-dialog';
import { DOUBLE_CLICK_GUARD_MS } from './submit-button';

type Values<S extends z.ZodType> = z.input<S> & Record<string, unknown>;

export interface AppFormOptions<S extends z.ZodType> {
  schema: S;
  initialValues: z.input<S>;
  /** Sends the parsed values; its result is what onSaved receives. */
  submit: (values: z.output<S>) => Promise<unknown>;
  onSaved?: (result: unknown, values: z.input<S>) => void;
  successMessage?: string;
}

/**
 * One form mechanism for the product: Mantine form state with dirty tracking, validated by the same zod schema the
 * server enforces (P8), server field errors written under their fields, any other failure in the error popup.
 */
export function useAppForm<S extends z.ZodType>(options: AppFormOptions<S>) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const form: UseFormReturnType<Values<S>> = useForm<Values<S>>({
    mode: 'controlled',
    initialValues: options.initialValues as Values<S>,
    validate: zod4Resolver(options.schema) as never,
    validateInputOnBlur: true,
  });

  /** Input props with the error translated (the schema's messages are keys of the locale files). */
  function field(path: string, inputOptions?: { type?: 'input' | 'checkbox' }) {
    const props = form.getInputProps(path, inputOptions);
    if (!props.error) return { ...props, error: undefined };
    const { key, values } = decodeMessage(String(props.error));
    return { ...props, error: t(key, values) };
  }

  // P8: a second submit (Enter pressed twice, a double click) while one is on its way, or within a second, is ignored.
  const lastSubmit = useRef({ at: 0, pending: false });

  const validSubmit = form.onSubmit(
    async (values) => {
      lastSubmit.current.pending = true;
      setSubmitting(true);
      try {
        const parsed = options.schema.parse(values) as z.output<S>;
        const result = await options.submit(parsed);
        form.resetDirty(values);
        if (options.successMessage) notifications.show({ color: 'teal', message: options.successMessage });
        options.onSaved?.(result, values);
      } catch (error) {
        const inForm = (field: string) => field.split('.')[0] in values;
        if (error instanceof ApiError && error.isValidation && error.fields.every((f) => inForm(f.field))) {
          for (const f of error.fields) form.setFieldError(f.field, f.message);
        } else {
          // Not a form field's fault (or not only): the popup lists every message.
          showError(error);
        }
      } finally {
        lastSubmit.current.pending = false;
        setSubmitting(false);
      }
    },
    () => {
      notifications.show({
        color: 'red',
        title: t('validation.requiredFieldEmptyTitle'),
        message: t('validation.requiredFieldEmptyBody'),
      });
    },
  );

  function onSubmit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const now = Date.now();
    if (lastSubmit.current.pending || now - lastSubmit.current.at < DOUBLE_CLICK_GUARD_MS) return;
    lastSubmit.current.at = now;
    validSubmit(event);
  }

  return { form, field, onSubmit, submitting, dirty: form.isDirty() };
}

/** What useAppForm gives a form component, for a form whose values have the shape V. */
export interface AppForm<V> {
  form: UseFormReturnType<V & Record<string, unknown>>;
  field: (
    path: string,
    options?: { type?: 'input' | 'checkbox' },
  ) => Record<string, unknown> & { error?: string };
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  dirty: boolean;
}
