import IntlTelInput, { type IntlTelInputRef } from '@intl-tel-input/react/with-utils';
import 'intl-tel-input/styles';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneInputProps } from './types';

/** P9: at this window width or less the country list takes the whole screen. */
export const FULLSCREEN_MAX_WIDTH = 500;

type Options = Parameters<typeof IntlTelInput>[0];

/** Placeholders the library fills in its label of the country button. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the library's own placeholder syntax, not a template
const LIBRARY_COUNTRY = '${countryName}';
// biome-ignore lint/suspicious/noTemplateCurlyInString: the library's own placeholder syntax, not a template
const LIBRARY_DIAL_CODE = '${dialCode}';

interface PhoneFieldProps extends Omit<PhoneInputProps, 'label' | 'error' | 'description'> {
  id: string;
  invalid: boolean;
  describedBy?: string;
}

/**
 * The number entry (intl-tel-input with its utils, in this lazily loaded chunk). The library reads its options
 * once, so a change of language (country names, labels) or of window class (full screen or drop-down list)
 * starts a new instance; the number, kept by the form, is put back into it.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { i18n } = useTranslation();
  const fullscreen = useMediaQuery(`(max-width: ${FULLSCREEN_MAX_WIDTH}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const mode = fullscreen ? 'FULLSCREEN' : 'DROPDOWN';
  return <Field key={`${i18n.language}-${mode}`} {...props} mode={mode} />;
}

function Field({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  required,
  disabled,
  describedBy,
  defaultCountry = 'ca',
  mode,
}: PhoneFieldProps & { mode: 'FULLSCREEN' | 'DROPDOWN' }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<IntlTelInputRef>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Read once by the library, at mount (see above).
  const options = useMemo<Options>(
    () => ({
      initialCountry: defaultCountry as Options['initialCountry'],
      countrySearch: true,
      countrySelectorMode: mode,
      countryNameLocale: i18n.language,
      allowNumberExtensions: true,
      uiTranslations: {
        selectedCountryAriaLabel: t('phone.countryButton', {
          country: LIBRARY_COUNTRY,
          dialCode: LIBRARY_DIAL_CODE,
        }),
        noCountrySelected: t('phone.noCountrySelected'),
        countryListAriaLabel: t('phone.countryList'),
        searchPlaceholder: t('phone.search'),
        clearSearchAriaLabel: t('phone.clearSearch'),
        closeCountrySelectorAriaLabel: t('phone.closeList'),
        searchEmptyState: t('phone.noResults'),
        searchSummaryAria: (count: number) => t('phone.results', { count }),
      },
    }),
    [defaultCountry, mode, i18n.language, t],
  );

  // The number as the form keeps it: E.164 (with `;ext=`) once valid, else what was typed, '' when empty.
  // Stable: the wrapper re-syncs its value whenever this changes.
  const handleNumber = useCallback((number: string) => {
    const iti = ref.current?.getInstance();
    if (!number) return onChangeRef.current('');
    const extension = iti?.isValidNumber() ? iti.getExtension() : '';
    onChangeRef.current(extension ? `${number};ext=${extension}` : number);
  }, []);

  return (
    <IntlTelInput
      ref={ref}
      {...options}
      value={value}
      disabled={disabled}
      onChangeNumber={handleNumber}
      inputProps={{
        id,
        name: id,
        required,
        autoComplete: 'tel',
        'aria-invalid': invalid,
        'aria-describedby': describedBy,
        onBlur,
      }}
    />
  );
}
