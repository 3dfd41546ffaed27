import { Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGE_SIZES } from '../../../contracts/files';
import { type Organisation, organisationInput } from '../../../contracts/organisation';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { ImageField } from '../../components/images';
import { PhoneInput } from '../../components/phone-input';
import { usePageTitle } from '../../lib/page-title';
import { organisationQuery, useSetOrganisationLogo, useUpdateOrganisation } from './api';

/** A2: the organisation (the company the user works in now): its details and its logo. */
export function OrganisationPage() {
  const { t } = useTranslation();
  usePageTitle(t('organisation.title'));
  const { data: organisation } = useSuspenseQuery(organisationQuery);
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {t('organisation.title')}
      </Title>
      {/* A new form per company: a super-admin switching company never carries values over. */}
      <OrganisationForm key={organisation.id} organisation={organisation} />
      <OrganisationLogo organisation={organisation} />
    </Stack>
  );
}

function OrganisationForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const update = useUpdateOrganisation();
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: organisationInput,
    initialValues: {
      name: organisation.name,
      contactEmail: organisation.contactEmail ?? '',
      phone: organisation.phone ?? '',
      address: organisation.address ?? '',
      website: organisation.website ?? '',
    },
    submit: (body) => update.mutateAsync(body),
    successMessage: t('organisation.notifications.saved'),
    // What the server kept (the number in international format, trimmed lines) becomes the form's state.
    onSaved: (saved) => {
      const values = saved as Organisation;
      const next = {
        name: values.name,
        contactEmail: values.contactEmail ?? '',
        phone: values.phone ?? '',
        address: values.address ?? '',
        website: values.website ?? '',
      };
      form.setValues(next);
      form.resetDirty(next);
    },
  });
  const phone = field('phone');
  return (
    <Paper withBorder p="md">
      <UnsavedChangesGuard dirty={dirty} />
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('organisation.detailsTitle')}
          </Title>
          <TextInput label={t('organisation.fields.name')} required {...field('name')} />
          <TextInput label={t('organisation.fields.contactEmail')} type="email" {...field('contactEmail')} />
          <PhoneInput
            label={t('organisation.fields.phone')}
            description={t('organisation.phoneDescription')}
            value={String(form.getValues().phone ?? '')}
            onChange={(value) => form.setFieldValue('phone', value)}
            onBlur={() => form.validateField('phone')}
            error={phone.error}
          />
          <Textarea
            label={t('organisation.fields.address')}
            autosize
            minRows={3}
            maxRows={8}
            {...field('address')}
          />
          <TextInput
            label={t('organisation.fields.website')}
            type="url"
            placeholder={t('organisation.websitePlaceholder')}
            {...field('website')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </form>
    </Paper>
  );
}

/** E8: the logo is saved as soon as the cropper saved it; the server deletes the image it replaces. */
function OrganisationLogo({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const setLogo = useSetOrganisationLogo();
  const size = IMAGE_SIZES['company.logo'];
  async function handleChange(fileId: string | null) {
    await setLogo.mutateAsync(fileId);
  }
  return (
    <Paper withBorder p="md">
      <ImageField
        label={t('organisation.fields.logo')}
        description={t('organisation.logoDescription')}
        purpose="company.logo"
        width={size.width}
        height={size.height}
        value={organisation.logoFileId}
        onChange={handleChange}
      />
    </Paper>
  );
}
