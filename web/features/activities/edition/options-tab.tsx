import { Group, Loader, NumberInput, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityOptions, ActivityOptionsPatch } from '../../../../contracts/activity-edition';
import { activityOptionsQuery, useUpdateActivityOptions } from './api';
import type { EditionTabProps } from './tabs';

const SWITCHES = ['displayDate', 'registrationOpen', 'onLanding'] as const;

/**
 * V4 options: whether the date is shown, whether registration is open, whether the activity is on the landing page
 * (each switch saved as it changes), and the maximum of members with the spec's "no limit" radio: no limit hides
 * the number; a number is saved when it is left (or on Enter).
 */
export function OptionsTab({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const options = useQuery(activityOptionsQuery(projectId, activityId));
  if (!options.data) return <Loader role="progressbar" aria-label={t('common.loading')} />;
  return <OptionsForm projectId={projectId} activityId={activityId} options={options.data} />;
}

function OptionsForm({ projectId, activityId, options }: EditionTabProps & { options: ActivityOptions }) {
  const { t } = useTranslation();
  const update = useUpdateActivityOptions(projectId, activityId);
  const [limited, setLimited] = useState(options.maxMembers !== null);
  const [maximum, setMaximum] = useState<number | ''>(options.maxMembers ?? '');
  const [maximumError, setMaximumError] = useState<string | undefined>();

  const save = (patch: ActivityOptionsPatch) =>
    update.mutate(patch, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('activities.edition.options.saved') }),
    });

  function saveMaximum() {
    if (maximum === options.maxMembers) return;
    if (maximum === '' || !Number.isInteger(maximum) || maximum < 1) {
      setMaximumError(t('validation.activities.maxMembers'));
      return;
    }
    setMaximumError(undefined);
    save({ maxMembers: maximum });
  }

  return (
    <Stack maw={640}>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('activities.edition.options.display')}
        </Title>
        <Stack gap="md">
          {SWITCHES.map((name) => (
            <Switch
              key={name}
              label={t(`activities.edition.options.fields.${name}`)}
              description={t(`activities.edition.options.help.${name}`)}
              checked={options[name]}
              disabled={update.isPending}
              onChange={(event) => save({ [name]: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Radio.Group
          label={t('activities.fields.maxMembers')}
          value={limited ? 'limited' : 'unlimited'}
          onChange={(value) => {
            const next = value === 'limited';
            setLimited(next);
            setMaximumError(undefined);
            // "No limit" is the spec's value 0: saved at once; a limit waits for its number.
            if (!next && options.maxMembers !== null) save({ maxMembers: null });
            if (next && typeof maximum === 'number' && maximum >= 1 && maximum !== options.maxMembers) {
              save({ maxMembers: maximum });
            }
          }}
        >
          <Group mt="xs">
            <Radio value="unlimited" label={t('activities.edition.options.unlimited')} />
            <Radio value="limited" label={t('activities.edition.options.limited')} />
          </Group>
        </Radio.Group>
        {limited ? (
          <NumberInput
            mt="sm"
            maw={240}
            label={t('activities.edition.options.maximum')}
            min={1}
            allowDecimal={false}
            value={maximum}
            error={maximumError}
            onChange={(value) => setMaximum(typeof value === 'number' ? value : '')}
            onBlur={saveMaximum}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveMaximum();
            }}
            data-testid="max-members"
          />
        ) : (
          <Text size="sm" c="dimmed" mt="sm">
            {t('activities.edition.options.unlimitedHelp')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
