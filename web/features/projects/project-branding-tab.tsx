import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BANNER_SIZE, LOGO_SIZE, type Project } from '../../../contracts/projects';
import { ImageField } from '../../components/images';
import { useSetBranding } from './api';

/** J3 branding: the logo and the banner of the participants' site, saved as soon as one is cropped or deleted. */
export function ProjectBrandingTab({ project }: { project: Project }) {
  const { t } = useTranslation();
  const branding = useSetBranding(project.id);
  // The cropper says the image is saved; a failure here reaches the image field, which shows it.
  const save = async (patch: { logoFileId?: string | null; bannerFileId?: string | null }) => {
    await branding.mutateAsync(patch);
  };
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('projectConfig.branding.intro')}
        </Text>
        <ImageField
          label={t('projectConfig.branding.logo')}
          purpose="project.logo"
          projectId={project.id}
          width={LOGO_SIZE.width}
          height={LOGO_SIZE.height}
          value={project.logoFileId}
          onChange={(logoFileId) => save({ logoFileId })}
        />
        <ImageField
          label={t('projectConfig.branding.banner')}
          purpose="project.banner"
          projectId={project.id}
          width={BANNER_SIZE.width}
          height={BANNER_SIZE.height}
          value={project.bannerFileId}
          onChange={(bannerFileId) => save({ bannerFileId })}
        />
      </Stack>
    </Paper>
  );
}
