import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './phone-input.module.css';
import type { PhoneInputProps } from './types';

const PhoneField = lazy(() => import('./phone-field').then((m) => ({ default: m.PhoneField })));

/**
 * P9: the phone field, laid out like the other fields of a Mantine form (label, required mark, description,
 * error under the field). The number itself is entered in intl-tel-input, loaded on demand.
 */
export function PhoneInput({ label, error, required, description, ...field }: PhoneInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      description={description}
      error={error}
      className={classes.root}
      data-testid="phone-input"
    >
      <Suspense
        fallback={
          <input
            id={id}
            className={classes.placeholder}
            disabled
            aria-label={t('phone.loading')}
            value={field.value}
            readOnly
          />
        }
      >
        <PhoneField
          {...field}
          id={id}
          invalid={!!error}
          required={required}
          describedBy={describedBy || undefined}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
