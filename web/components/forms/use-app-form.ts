import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { decodeMessage } from '../../../contracts/http';
import { ApiError } from '../../lib/api';
import { showError } from '../feedback/error-dialog';
import { DOUBLE_CLICK_GUARD_MS } from './submit-button';

type Values<S extends z.ZodType> = z.input<S> & Record<string, unknown>;

/** The value at a form path (`profile.<id>`, `items.0.label`), or undefined. */
function valueAt(values: unknown, path: string): unknown {
  let here: unknown = values;
  for (const part of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}

/** Nothing entered: absent, null, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * P8: the notice of a submit refused by the form's rules: « Un champ obligatoire est vide » when a field in error is
 * empty, else « Certains champs sont invalides » (too long, a wrong format…).
 */
export function invalidNotice(errors: Record<string, unknown>, values: unknown) {
  const empty = Object.keys(errors).some((path) => errors[path] && isEmptyValue(valueAt(values, path)));
  return empty
    ? { title: 'validation.requiredFieldEmptyTitle', message: 'validation.requiredFieldEmptyBody' }
    : { title: 'validation.invalidFieldsTitle', message: 'validation.invalidFieldsBody' };
}

/**
 * The first field in error of a form, in the order it is shown (an input marked aria-invalid), brought into view
 * and focused.
 */
export function focusFirstError(root: HTMLElement | null) {
  const input = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!input) return;
  input.scrollIntoView?.({ block: 'center' });
  input.focus({ preventScroll: true });
}

export interface AppFormOptions<S extends z.ZodType> {
  schema: S;
  initialValues: z.input<S>;
  /** Sends the parsed values; its result is what onSaved receives. */
  submit: (values: z.output<S>) => Promise<unknown>;
  onSaved?: (result: unknown, values: z.input<S>) => void;
  successMessage?: string;
  /** A failed save this form answers itself (true: handled), e.g. an edit conflict (useEditConflict). */
  onError?: (error: unknown) => boolean;
}

/**
 * One form mechanism for the product: Mantine form state with dirty tracking, validated by the same zod schema the
 * server enforces (P8), server field errors written under their fields, any other failure in the error popup.
 * After a refused submit (the form's rules or the server's field errors) the first field in error is scrolled to
 * and focused.
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
  const lastSubmit = useRef<{ at: number; pending: boolean; by: HTMLElement | null }>({
    at: 0,
    pending: false,
    by: null,
  });

  // The form element of the last submit, and a count of refused submits: once the errors are shown, the first
  // field in error gets the focus.
  const formElement = useRef<HTMLFormElement | null>(null);
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused) focusFirstError(formElement.current);
  }, [refused]);

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
          setRefused((n) => n + 1);
        } else if (!options.onError?.(error)) {
          // Not a form field's fault (or not only): the popup lists every message.
          showError(error);
        }
      } finally {
        lastSubmit.current.pending = false;
        setSubmitting(false);
      }
    },
    (errors, values) => {
      const notice = invalidNotice(errors, values);
      notifications.show({ color: 'red', title: t(notice.title), message: t(notice.message) });
      setRefused((n) => n + 1);
    },
  );

  function onSubmit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (event?.currentTarget) formElement.current = event.currentTarget;
    const now = Date.now();
    // Two clicks on the same SubmitButton: the button has already kept its own second (its timer lifts
    // `data-guarded`); checking this clock too could refuse a click it let through a millisecond after its timer.
    // Any other pair (Enter then a click, a click then Enter) is kept apart here.
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter ?? null;
    const sameButton =
      submitter !== null && submitter === lastSubmit.current.by && submitter.hasAttribute('data-click-guard');
    if (lastSubmit.current.pending || (!sameButton && now - lastSubmit.current.at < DOUBLE_CLICK_GUARD_MS))
      return;
    lastSubmit.current.at = now;
    lastSubmit.current.by = submitter;
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
