import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeMessage, type Language } from '../../../contracts/http';
import {
  joinChoices,
  type ProfileFieldRule,
  participantProfileSchema,
  splitChoices,
} from '../../../contracts/profile-fields';
import type { PublicRegistrationPage, RegistrationField } from '../../../contracts/registration';

/** The page's fields as the participant form's rules see them (U5: the same schema checks them on the server). */
export function rulesOf(fields: readonly RegistrationField[]): ProfileFieldRule[] {
  return fields.map((field) => ({
    id: field.key,
    standardKey: field.standard ? (field.key as ProfileFieldRule['standardKey']) : null,
    inputType: field.inputType as ProfileFieldRule['inputType'],
    isActive: true,
    isMandatory: field.isMandatory,
    items: field.items,
  }));
}

/** The first broken rule of each field, by the field's key (own fields under their id), translated. */
export function checkValues(
  fields: readonly RegistrationField[],
  values: Record<string, string>,
  t: (key: string, values?: Record<string, string | undefined>) => string,
) {
  const input: Record<string, unknown> = { profile: {} };
  for (const field of fields) {
    if (field.standard) input[field.key] = values[field.key] ?? '';
    else (input.profile as Record<string, string>)[field.key] = values[field.key] ?? '';
  }
  const parsed = participantProfileSchema(rulesOf(fields)).safeParse(input);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] === 'profile' ? issue.path[1] : issue.path[0]);
    const { key: message, values: params } = decodeMessage(issue.message);
    // A rule's message may live in an area this page does not carry (a phone's, a number's): then the generic one.
    errors[key] ??= t(message.startsWith('validation.') ? message : 'validation.invalid', {
      ...params,
      defaultValue: t('validation.invalid'),
    });
  }
  return errors;
}

/** Step 3: the profile fields the project asks for (names and e-mail always), checked before the summary. */
export function ProfileStep({
  page,
  language,
  values,
  onChange,
  serverErrors,
  onBack,
  onNext,
}: {
  page: PublicRegistrationPage;
  language: Language;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  serverErrors: Record<string, string>;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorOf = (key: string) => errors[key] ?? serverErrors[key] ?? serverErrors[`profile.${key}`];
  const set = (key: string, value: string) => onChange({ ...values, [key]: value });
  const next = () => {
    const found = checkValues(page.fields, values, t);
    setErrors(found);
    if (Object.keys(found).length === 0) onNext();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('publicRegistration.profile.title')}
        </Title>
        {page.fields.map((field) => (
          <FieldInput
            key={field.key}
            field={field}
            language={language}
            value={values[field.key] ?? ''}
            onChange={(value) => set(field.key, value)}
            error={errorOf(field.key)}
          />
        ))}
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={onBack}>
            {t('publicRegistration.back')}
          </Button>
          <Button type="submit">{t('publicRegistration.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function FieldInput({
  field,
  language,
  value,
  onChange,
  error,
}: {
  field: RegistrationField;
  language: Language;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const label = field.standard
    ? t(`publicRegistration.profile.${field.key}`)
    : (field.title?.[language] ?? '');
  const common = { label, error, required: field.isMandatory, 'data-field': field.key };
  switch (field.inputType) {
    case 'longText':
      return (
        <Textarea
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={2}
        />
      );
    case 'yesNo':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Group mt={4}>
            <Radio value="yes" label={t('publicRegistration.profile.yes')} />
            <Radio value="no" label={t('publicRegistration.profile.no')} />
          </Group>
        </Radio.Group>
      );
    case 'choice':
      return (
        <NativeSelect
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[
            { value: '', label: t('publicRegistration.profile.choose') },
            ...field.items.map((item) => ({ value: item.id, label: item.label[language] })),
          ]}
        />
      );
    case 'choices':
      return (
        <Checkbox.Group
          {...common}
          value={splitChoices(value)}
          onChange={(ids) => onChange(joinChoices(ids))}
        >
          <Stack gap={4} mt={4}>
            {field.items.map((item) => (
              <Checkbox key={item.id} value={item.id} label={item.label[language]} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    default:
      return (
        <TextInput
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          type={inputTypeOf(field.inputType)}
          autoComplete={AUTOCOMPLETE[field.key]}
        />
      );
  }
}

const inputTypeOf = (inputType: string) =>
  ({ email: 'email', phone: 'tel', date: 'date', url: 'url' })[inputType] ?? 'text';

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  organisation: 'organization',
  jobTitle: 'organization-title',
  phone: 'tel',
  phonePro: 'tel',
};
