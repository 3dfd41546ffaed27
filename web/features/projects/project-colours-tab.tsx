import { Alert, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColourField, Project, ProjectColoursInput } from '../../../contracts/projects';
import { ColourInput } from '../../components/forms/colour-input';
import { useSetColours } from './api';
import { contrastRatio, isHexColour, isPoorContrast } from './colour-contrast';
import { type Colours, ParticipantSitePreview } from './participant-site-preview';

/** How long the colours wait after a change before saving (ms): dragging in the picker saves once. */
export const COLOUR_SAVE_DELAY_MS = 300;

const FORMS: { key: 'banner' | 'home'; fields: ColourField[] }[] = [
  { key: 'banner', fields: ['bannerBackgroundColor', 'bannerTextColor'] },
  { key: 'home', fields: ['homeBackgroundColor', 'menuBackgroundColor', 'menuTextColor'] },
];

/** Text on background: the pairs whose contrast the tab checks. */
const PAIRS: { text: ColourField; background: ColourField; key: 'banner' | 'menu' }[] = [
  { text: 'bannerTextColor', background: 'bannerBackgroundColor', key: 'banner' },
  { text: 'menuTextColor', background: 'menuBackgroundColor', key: 'menu' },
];

const coloursOf = (project: Project): Colours => ({
  bannerBackgroundColor: project.bannerBackgroundColor,
  bannerTextColor: project.bannerTextColor,
  homeBackgroundColor: project.homeBackgroundColor,
  menuBackgroundColor: project.menuBackgroundColor,
  menuTextColor: project.menuTextColor,
});

/**
 * J3 colours: the banner's (background, text) and the home page's (background, menu background, menu text), each
 * saved shortly after it changes, with a live preview of the participants' site and a warning when a text is hard
 * to read on its background (WCAG contrast below 4.5:1) — a hint, the organiser decides.
 */
export function ProjectColoursTab({ project }: { project: Project }) {
  const { t } = useTranslation();
  const [colours, setColours] = useState<Colours>(() => coloursOf(project));
  const [touched, setTouched] = useState<Partial<Record<ColourField, boolean>>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const pending = useRef<ProjectColoursInput>({});
  const save = useSetColours(project.id);

  const flush = useDebouncedCallback(
    () => {
      const patch = pending.current;
      pending.current = {};
      if (Object.keys(patch).length === 0) return;
      save.mutate(patch, {
        onSuccess: () => setStatus(Object.keys(pending.current).length ? 'saving' : 'saved'),
        onError: () => setStatus('idle'),
      });
    },
    { delay: COLOUR_SAVE_DELAY_MS, flushOnUnmount: true },
  );

  function change(field: ColourField, value: string) {
    setColours((current) => ({ ...current, [field]: value }));
    if (!isHexColour(value)) return;
    pending.current = { ...pending.current, [field]: value.trim().toLowerCase() };
    setStatus('saving');
    flush();
  }

  const shown: Colours = Object.fromEntries(
    Object.entries(colours).map(([field, value]) => [
      field,
      isHexColour(value) ? value : project[field as ColourField],
    ]),
  ) as Colours;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack>
          {FORMS.map((form) => (
            <Paper withBorder p="md" key={form.key}>
              <Title order={2} size="h4" mb="sm">
                {t(`projectConfig.colours.${form.key}.title`)}
              </Title>
              <Stack gap="sm">
                {form.fields.map((field) => (
                  <ColourInput
                    key={field}
                    label={t(`projectConfig.colours.fields.${field}`)}
                    value={colours[field]}
                    onChange={(value) => change(field, value)}
                    onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
                    pickerLabels={{
                      saturation: t('projectConfig.colours.picker.saturation'),
                      hue: t('projectConfig.colours.picker.hue'),
                    }}
                    error={
                      touched[field] && !isHexColour(colours[field])
                        ? t('validation.projectConfig.color')
                        : undefined
                    }
                    data-colour-field={field}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
          {PAIRS.filter((pair) => isPoorContrast(shown[pair.text], shown[pair.background])).map((pair) => (
            <Alert
              key={pair.key}
              color="yellow"
              icon={<IconAlertTriangle size={18} />}
              data-testid={`contrast-warning-${pair.key}`}
            >
              {t(`projectConfig.colours.poorContrast.${pair.key}`, {
                ratio: contrastRatio(shown[pair.text], shown[pair.background]).toFixed(1),
              })}
            </Alert>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{t('projectConfig.colours.preview.title')}</Text>
            <Group gap={4} data-testid="colours-status" aria-live="polite" data-status={status}>
              {status === 'saving' && (
                <>
                  <Loader size={12} />
                  <Text size="xs" c="dimmed">
                    {t('projectConfig.colours.saving')}
                  </Text>
                </>
              )}
              {status === 'saved' && (
                <>
                  <IconCheck size={14} color="var(--mantine-color-teal-7)" />
                  <Text size="xs" c="teal.8">
                    {t('projectConfig.colours.saved')}
                  </Text>
                </>
              )}
            </Group>
          </Group>
          <ParticipantSitePreview project={project} colours={shown} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
