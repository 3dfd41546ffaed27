import { Badge, Card, Checkbox, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_STEPS, DASHBOARD_TASKS, type DashboardState } from '../../../contracts/dashboard';
import { useFormat } from '../../lib/format';
import { ProjectPageIconLink } from './project-page-link';

const LINKS = new Map(DASHBOARD_TASKS.map((task) => [task.id, task.link]));

/** J2: the tasks by step (one tab each), a checkbox per task and a link to the page where it is done. */
export function TaskTabs(props: {
  projectId: string;
  state: DashboardState;
  onToggle: (taskId: string, done: boolean) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('dashboard.steps.title')}
      </Title>
      <Tabs defaultValue={DASHBOARD_STEPS[0]} keepMounted={false}>
        <Tabs.List>
          {DASHBOARD_STEPS.map((step) => {
            const own = props.state.tasks.filter((task) => task.step === step);
            const done = own.filter((task) => task.done).length;
            return (
              <Tabs.Tab
                key={step}
                value={step}
                rightSection={
                  <Badge size="sm" variant="light" color={done === own.length ? 'teal' : 'gray'}>
                    {t('dashboard.steps.count', { done, total: own.length })}
                  </Badge>
                }
              >
                {t(`dashboard.steps.${step}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {DASHBOARD_STEPS.map((step) => (
          <Tabs.Panel key={step} value={step} pt="md">
            <Stack gap="sm">
              {props.state.tasks
                .filter((task) => task.step === step)
                .map((task) => {
                  const label = t(`dashboard.tasks.${task.id}`);
                  const when = task.doneAt ? dateTime(String(task.doneAt)) : null;
                  return (
                    <Group key={task.id} justify="space-between" wrap="nowrap">
                      <Checkbox
                        checked={task.done}
                        onChange={(event) => props.onToggle(task.id, event.currentTarget.checked)}
                        label={label}
                        description={
                          when
                            ? task.doneBy
                              ? t('dashboard.task.doneBy', { name: task.doneBy, date: when })
                              : t('dashboard.task.doneAt', { date: when })
                            : undefined
                        }
                      />
                      <ProjectPageIconLink
                        projectId={props.projectId}
                        link={LINKS.get(task.id) ?? { page: '' }}
                        label={t('dashboard.task.open', { task: label })}
                      >
                        <IconArrowRight size={16} />
                      </ProjectPageIconLink>
                    </Group>
                  );
                })}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
