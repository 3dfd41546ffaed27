import { Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import {
  PARTICIPANT_STATUSES,
  type ParticipantFormOptions,
  type ParticipantInput,
} from '../../../contracts/participants';
import type { AppForm } from '../../components/forms/use-app-form';
import { PhoneInput } from '../../components/phone-input';

/** The localized name in the reader's language. */
export function useLocalizedName() {
  const { i18n } = useTranslation();
  return (name: { fr: string; en: string }) =>
    (i18n.language === 'en' ? name.en : name.fr) || name.fr || name.en;
}

/**
 * The fields of a participant, shared by the add modal and the edition panel: role (required, §5), names,
 * e-mail, organisation, phones (P9), language, status (edition only) and the project's own profile fields (U5).
 */
export function ParticipantFormFields({
  app,
  options,
  withStatus = false,
}: {
  app: Pick<AppForm<ParticipantInput>, 'form' | 'field'>;
  options: ParticipantFormOptions;
  withStatus?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const { form, field } = app;
  const values = form.getValues() as ParticipantInput;
  const phone = (key: 'phone' | 'phonePro') => {
    const props = field(key);
    return (
      <PhoneInput
        label={t(`participants.fields.${key}`)}
        value={String(values[key] ?? '')}
        onChange={(value) => form.setFieldValue(key, value)}
        onBlur={() => form.validateField(key)}
        error={props.error}
        required={required(key)}
      />
    );
  };
  const roleField = field('roleId');
  const required = (key: string) => options.requiredFields.includes(key);
  const custom = (f: ParticipantFormOptions['profileFields'][number]) => {
    const props = {
      label: nameOf(f.title),
      required: f.isMandatory,
      ...field(`profile.${f.id}`),
      value: String((values.profile as Record<string, string> | undefined)?.[f.id] ?? ''),
    };
    if (f.inputType === 'longText') return <Textarea key={f.id} autosize minRows={2} {...props} />;
    if (f.inputType === 'yesNo') {
      return (
        <Select
          key={f.id}
          data={[
            { value: 'yes', label: t('common.yes') },
            { value: 'no', label: t('common.no') },
          ]}
          {...props}
          value={props.value || null}
          onChange={(value) => form.setFieldValue(`profile.${f.id}`, value ?? '')}
        />
      );
    }
    const type = f.inputType === 'date' ? 'date' : f.inputType === 'url' ? 'url' : 'text';
    return <TextInput key={f.id} type={type} {...props} />;
  };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: withStatus ? 2 : 1 }}>
        <Select
          label={t('participants.fields.role')}
          required
          data={options.roles.map((r) => ({ value: r.id, label: nameOf(r.name) }))}
          allowDeselect={false}
          {...roleField}
          value={(roleField.value as string) || null}
          onChange={(value) => form.setFieldValue('roleId', value ?? '')}
          data-testid="participant-role"
        />
        {withStatus && (
          <Select
            label={t('participants.fields.status')}
            data={PARTICIPANT_STATUSES.map((s) => ({ value: s, label: t(`participants.status.${s}`) }))}
            allowDeselect={false}
            {...field('status')}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('participants.fields.firstName')} required {...field('firstName')} />
        <TextInput label={t('participants.fields.lastName')} required {...field('lastName')} />
      </SimpleGrid>
      <TextInput label={t('participants.fields.email')} type="email" required {...field('email')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('participants.fields.organisation')}
          required={required('organisation')}
          {...field('organisation')}
        />
        <TextInput
          label={t('participants.fields.jobTitle')}
          required={required('jobTitle')}
          {...field('jobTitle')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {phone('phone')}
        {phone('phonePro')}
      </SimpleGrid>
      <Select
        label={t('participants.fields.language')}
        data={(['fr', 'en'] as Language[]).map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        allowDeselect={false}
        {...field('language')}
      />
      {options.profileFields.length > 0 && (
        <>
          <Title order={3} size="h5" mt="sm">
            {t('participants.profileTitle')}
          </Title>
          {options.profileFields.map(custom)}
        </>
      )}
    </Stack>
  );
}

/** The form's starting values for a participant, or for a new one. */
export function participantFormValues(p?: {
  role: { id: string };
  firstName: string;
  lastName: string;
  email: string;
  organisation: string | null;
  jobTitle: string | null;
  phone: string | null;
  phonePro: string | null;
  language: Language;
  status: ParticipantInput['status'];
  profile: Record<string, string>;
  pictureFileId?: string | null;
  cv?: { id: string } | null;
  videoUrl?: string | null;
}): ParticipantInput {
  return {
    roleId: p?.role.id ?? '',
    firstName: p?.firstName ?? '',
    lastName: p?.lastName ?? '',
    email: p?.email ?? '',
    organisation: p?.organisation ?? '',
    jobTitle: p?.jobTitle ?? '',
    phone: p?.phone ?? '',
    phonePro: p?.phonePro ?? '',
    language: p?.language ?? 'fr',
    status: p?.status ?? 'registered',
    profile: { ...(p?.profile ?? {}) },
    pictureFileId: p?.pictureFileId ?? null,
    cvFileId: p?.cv?.id ?? null,
    videoUrl: p?.videoUrl ?? '',
  };
}
