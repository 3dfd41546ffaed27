import { Divider, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  displayedValue,
  OPTION_GROUPS,
  PROJECT_OPTIONS,
  type ProjectOption,
  storedValue,
} from '../../../contracts/project-options';
import type { Project } from '../../../contracts/projects';
import { projectOptionsQuery, useSetAutoNotification, useSetOption } from './api';

/**
 * J3 options: one switch per option of the registry, by group, each saved at once. An option of opposite meaning
 * is shown as its opposite ("Show the participant list" for the stored "hide the participant list"): the switch
 * flips the value on the way in and out, the server keeps the option's own value. The automatic notifications
 * switch sits on the same tab.
 */
export function ProjectOptionsTab({ project }: { project: Project }) {
  const { t } = useTranslation();
  const options = useQuery(projectOptionsQuery(project.id));
  const setOption = useSetOption(project.id);
  const autoNotification = useSetAutoNotification(project.id);
  const saved = () => notifications.show({ color: 'teal', message: t('projectConfig.options.saved') });
  const stored = new Map(options.data?.items.map((o) => [o.id, o.value]));

  const optionSwitch = (option: ProjectOption) => (
    <Switch
      key={option.id}
      label={t(option.labelKey)}
      description={t(option.descriptionKey)}
      checked={displayedValue(option, stored.get(option.id) ?? option.default)}
      onChange={(event) =>
        setOption.mutate(
          { optionId: option.id, value: storedValue(option, event.currentTarget.checked) },
          { onSuccess: saved },
        )
      }
      data-option-id={option.id}
      data-opposite={option.opposite || undefined}
    />
  );

  return (
    <Stack>
      <Paper withBorder p="md">
        <Switch
          label={t('projectConfig.options.autoNotification.label')}
          description={t('projectConfig.options.autoNotification.description')}
          checked={project.autoNotification}
          disabled={autoNotification.isPending}
          onChange={(event) => autoNotification.mutate(event.currentTarget.checked, { onSuccess: saved })}
          data-testid="auto-notification-switch"
        />
      </Paper>
      {OPTION_GROUPS.map((group) => (
        <Paper withBorder p="md" key={group}>
          <Title order={2} size="h4">
            {t(`projectConfig.options.groups.${group}`)}
          </Title>
          <Divider my="sm" />
          {options.isPending ? (
            <Skeleton height={80} />
          ) : (
            <Stack gap="md">{PROJECT_OPTIONS.filter((o) => o.group === group).map(optionSwitch)}</Stack>
          )}
        </Paper>
      ))}
      <Text size="xs" c="dimmed">
        {t('projectConfig.options.instant')}
      </Text>
    </Stack>
  );
}
