/** The phone field of a form (P9). */
export interface PhoneInputProps {
  label: string;
  /** The number in international format (E.164, `+15145551234`), or '' when there is none. */
  value: string;
  /** Called with the number in international format while it is valid, else with what was typed (the form's
   * rule then shows `validation.phone`), or '' when the field is emptied. */
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  description?: string;
  onBlur?: () => void;
  disabled?: boolean;
  /** Country of the list when the field is empty (ISO 3166 alpha-2, lower case); Canada unless told. */
  defaultCountry?: string;
}
