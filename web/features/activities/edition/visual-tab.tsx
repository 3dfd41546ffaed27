import { Box, Button, Grid, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Activity } from '../../../../contracts/activities';
import { ACTIVITY_IMAGE, type ActivityVisual } from '../../../../contracts/activity-edition';
import { ColourInput } from '../../../components/forms/colour-input';
import { ImageField } from '../../../components/images';
import { useFormat } from '../../../lib/format';
import { contrastRatio, isHexColour } from '../../projects/colour-contrast';
import { activityQuery } from '../api';
import { useLocalizedName } from '../localized-name';
import { ActivityDocuments } from './activity-documents';
import { activityVisualQuery, useSetActivityBackgroundColor, useSetActivityImage } from './api';
import type { EditionTabProps } from './tabs';

/** How long the colour waits after a change before saving (ms): dragging in the picker saves once. */
export const COLOUR_SAVE_DELAY_MS = 300;
/** The programme's own colour, shown when the activity has none. */
const DEFAULT_BACKGROUND = '#ffffff';

/**
 * V4 visual: the background colour (saved on each change, spec 002 §4) with a live preview of the activity as the
 * programme shows it, the activity's image (E9: 650 pixels wide, at least 320 high, cropped) and, under it, the
 * documents in French and in English (P12).
 */
export function VisualTab({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const visual = useQuery(activityVisualQuery(projectId, activityId));
  const activity = useQuery(activityQuery(projectId, activityId));
  if (!visual.data || !activity.data) return <Loader role="progressbar" aria-label={t('common.loading')} />;
  return (
    <Stack gap="xl">
      <VisualForm projectId={projectId} activity={activity.data} visual={visual.data} />
      <ActivityDocuments projectId={projectId} activityId={activityId} />
    </Stack>
  );
}

function VisualForm({
  projectId,
  activity,
  visual,
}: {
  projectId: string;
  activity: Activity;
  visual: ActivityVisual;
}) {
  const { t } = useTranslation();
  const [colour, setColour] = useState(visual.backgroundColor ?? '');
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const saveColour = useSetActivityBackgroundColor(projectId, activity.id);
  const saveImage = useSetActivityImage(projectId, activity.id);

  const flush = useDebouncedCallback(
    (value: string | null) =>
      saveColour.mutate(value, {
        onSuccess: () => setStatus('saved'),
        onError: () => setStatus('idle'),
      }),
    { delay: COLOUR_SAVE_DELAY_MS, flushOnUnmount: true },
  );

  function change(value: string) {
    setColour(value);
    const next = value.trim() === '' ? null : value.trim().toLowerCase();
    if (next !== null && !isHexColour(next)) return;
    setStatus('saving');
    flush(next);
  }

  const shown = isHexColour(colour)
    ? colour.trim().toLowerCase()
    : (visual.backgroundColor ?? DEFAULT_BACKGROUND);

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {t('activities.edition.visual.colourTitle')}
            </Title>
            <Group align="flex-end" gap="xs">
              <ColourInput
                flex={1}
                label={t('activities.edition.visual.backgroundColor')}
                description={t('activities.edition.visual.backgroundColorHelp')}
                value={colour}
                onChange={change}
                onBlur={() => setTouched(true)}
                pickerLabels={{
                  saturation: t('activities.edition.visual.saturation'),
                  hue: t('activities.edition.visual.hue'),
                }}
                error={
                  touched && colour.trim() !== '' && !isHexColour(colour)
                    ? t('validation.projectConfig.color')
                    : undefined
                }
                data-testid="activity-background-color"
              />
              <Button variant="default" onClick={() => change('')} disabled={colour === ''}>
                {t('activities.edition.visual.noColour')}
              </Button>
            </Group>
          </Paper>
          <Paper withBorder p="md">
            <ImageField
              label={t('activities.edition.visual.image')}
              description={t('activities.edition.visual.imageHelp')}
              purpose="activity.image"
              projectId={projectId}
              {...ACTIVITY_IMAGE}
              value={visual.image?.id ?? null}
              onChange={async (fileId) => {
                await saveImage.mutateAsync(fileId);
              }}
            />
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{t('activities.edition.visual.preview')}</Text>
            <Group gap={4} data-testid="colour-status" aria-live="polite" data-status={status}>
              {status === 'saving' && (
                <>
                  <Loader size={12} />
                  <Text size="xs" c="dimmed">
                    {t('activities.edition.visual.saving')}
                  </Text>
                </>
              )}
              {status === 'saved' && (
                <>
                  <IconCheck size={14} color="var(--mantine-color-teal-7)" />
                  <Text size="xs" c="teal.8">
                    {t('activities.edition.visual.saved')}
                  </Text>
                </>
              )}
            </Group>
          </Group>
          <ActivityPreview activity={activity} background={shown} imageUrl={visual.image?.url ?? null} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The activity as a card of the participants' programme: its colour, image, title, time and place. */
function ActivityPreview({
  activity,
  background,
  imageUrl,
}: {
  activity: Activity;
  background: string;
  imageUrl: string | null;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const format = useFormat();
  // Dark or light text, whichever reads better on the colour.
  const text =
    contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
  return (
    <Box
      data-testid="activity-preview"
      data-background={background}
      p="md"
      style={{
        background,
        color: text,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {imageUrl && <Image src={imageUrl} alt="" radius="sm" mb="sm" maw={ACTIVITY_IMAGE.width} />}
      <Text fw={700} size="lg" c="inherit">
        {nameOf(activity.title)}
      </Text>
      <Text size="sm" c="inherit">
        {activity.noDate || !activity.startsAt
          ? t('activities.noDate')
          : format.dateTime(String(activity.startsAt), activity.timeZone)}
      </Text>
      {activity.location && (
        <Text size="sm" c="inherit">
          {activity.location}
        </Text>
      )}
    </Box>
  );
}
