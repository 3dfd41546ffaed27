import { Box, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../contracts/files';
import type { ColourField, Project } from '../../../contracts/projects';

export type Colours = Record<ColourField, string>;

/**
 * J3: a small picture of the participants' site in the colours being chosen — the banner (logo and project name)
 * in the banner colours, the menu and the home page in theirs. It follows every change before it is saved.
 */
export function ParticipantSitePreview({ project, colours }: { project: Project; colours: Colours }) {
  const { t, i18n } = useTranslation();
  const name = i18n.language === 'en' ? project.nameEn : project.nameFr;
  return (
    <Box
      data-testid="site-preview"
      aria-label={t('projectConfig.colours.preview.label')}
      role="img"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}
    >
      <Group
        data-testid="preview-banner"
        px="md"
        py="sm"
        gap="sm"
        wrap="nowrap"
        style={{ backgroundColor: colours.bannerBackgroundColor, color: colours.bannerTextColor }}
      >
        {project.logoFileId && (
          <Image src={fileUrl(project.logoFileId)} alt="" h={32} w="auto" fit="contain" />
        )}
        <Text fw={700} inherit>
          {name}
        </Text>
      </Group>
      <Group align="stretch" gap={0} wrap="nowrap" mih={160}>
        <Stack
          data-testid="preview-menu"
          gap={6}
          p="sm"
          w={150}
          style={{ backgroundColor: colours.menuBackgroundColor, color: colours.menuTextColor }}
        >
          {(['home', 'agenda', 'participants'] as const).map((item) => (
            <Text key={item} size="sm" inherit>
              {t(`projectConfig.colours.preview.menu.${item}`)}
            </Text>
          ))}
        </Stack>
        <Box
          data-testid="preview-home"
          p="md"
          style={{ flex: 1, backgroundColor: colours.homeBackgroundColor, color: '#212529' }}
        >
          <Text fw={600}>{t('projectConfig.colours.preview.welcome')}</Text>
          <Text size="sm">{t('projectConfig.colours.preview.body')}</Text>
        </Box>
      </Group>
    </Box>
  );
}
