import {
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type HelpEdition, type HelpScreen, helpInput } from '../../../contracts/help';
import { LANGUAGES, stripTags } from '../../../contracts/texts';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { helpEditionQuery, useSaveHelp } from './api';

/** E10 (super-admin in text-edition mode): the help of the screen shown, in both languages, active or not. */
export function HelpEditModal({ screen, onClose }: { screen: HelpScreen | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ ...helpEditionQuery(screen ?? 'projects.list'), enabled: !!screen });
  if (!screen) {
    return (
      <AppModal opened onClose={onClose} title={t('help.editTitle')} size="lg">
        <Text c="dimmed" ta="center" py="lg" data-testid="help-empty">
          {t('help.noScreen')}
        </Text>
      </AppModal>
    );
  }
  if (!query.data) {
    return (
      <AppModal opened onClose={onClose} title={t('help.editTitle')} size="lg">
        <Center py="xl">
          <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
        </Center>
      </AppModal>
    );
  }
  return <HelpEditForm edition={query.data} onClose={onClose} />;
}

function HelpEditForm({ edition, onClose }: { edition: HelpEdition; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveHelp();
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: helpInput,
    initialValues: {
      screen: edition.screen,
      title: edition.title,
      description: edition.description,
      isActive: edition.isActive,
    },
    submit: (body) => save.mutateAsync(body),
    successMessage: t('help.notifications.saved'),
    onSaved: onClose,
  });

  /** E10: a translatable plain field drops the HTML tags typed in, once the user leaves it. */
  function plainField(path: string) {
    const props = field(path);
    return {
      ...props,
      onBlur: () => {
        const value = String(form.getInputProps(path).value ?? '');
        const stripped = stripTags(value);
        if (stripped !== value) form.setFieldValue(path, stripped as never);
        form.validateField(path);
      },
    };
  }

  return (
    <AppModal opened onClose={onClose} title={t('help.editTitle')} size="xl" dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('help.plainHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {LANGUAGES.map((language) => (
              <Stack key={language} gap="sm" data-language={language}>
                <Title order={3} size="h5">
                  {t(`languages.${language}`)}
                </Title>
                <TextInput
                  label={language === 'fr' ? t('help.fields.titleFr') : t('help.fields.titleEn')}
                  {...plainField(`title.${language}`)}
                />
                <Textarea
                  label={language === 'fr' ? t('help.fields.descriptionFr') : t('help.fields.descriptionEn')}
                  autosize
                  minRows={5}
                  maxRows={14}
                  {...plainField(`description.${language}`)}
                />
              </Stack>
            ))}
          </SimpleGrid>
          <Switch
            label={t('help.fields.isActive')}
            description={t('help.fields.isActiveDescription')}
            {...field('isActive', { type: 'checkbox' })}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
