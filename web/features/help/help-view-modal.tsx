import { Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HelpScreen, ScreenHelp } from '../../../contracts/help';
import type { Language } from '../../../contracts/http';
import { inLanguage } from '../../../contracts/texts';
import { AppModal } from '../../components/modal/app-modal';
import { screenHelpQuery } from './api';

type Help = NonNullable<ScreenHelp['help']>;

/** The help in the reader's language; a language left empty falls back to the other one. */
export function helpIn(help: Help, language: Language) {
  return {
    title: inLanguage(help.title, language).trim(),
    description: inLanguage(help.description, language).trim(),
  };
}

/** E10: the help of the screen shown, in the user's language, or an empty state when it has none. */
export function HelpViewModal({ screen, onClose }: { screen: HelpScreen | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({ ...screenHelpQuery(screen ?? 'projects.list'), enabled: !!screen });
  const help = screen && query.data?.help ? helpIn(query.data.help, i18n.language as Language) : null;
  const loading = !!screen && query.isPending;
  return (
    <AppModal opened onClose={onClose} title={help?.title || t('help.modalTitle')} size="lg">
      {loading ? (
        <Center py="xl">
          <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
        </Center>
      ) : help ? (
        <Text style={{ whiteSpace: 'pre-line' }} data-testid="help-description">
          {help.description}
        </Text>
      ) : (
        <Stack align="center" py="lg" gap="xs" data-testid="help-empty">
          <ThemeIcon variant="light" size="xl" radius="xl" color="gray">
            <IconHelpCircle size={24} aria-hidden />
          </ThemeIcon>
          <Text c="dimmed" ta="center">
            {t('help.empty')}
          </Text>
        </Stack>
      )}
    </AppModal>
  );
}
