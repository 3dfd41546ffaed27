import { ActionIcon, Button, Group, Radio, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AccessUser,
  COMPANY_ROLES,
  type CompanyRole,
  PROJECT_ROLES,
  type ProjectRole,
  roleLabelKey,
} from '../../../contracts/access';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { useAccessProjects, useRevokeProject, useUpdateAccess } from './api';

type Grant = { projectId: string; role: ProjectRole };

/**
 * A4: an administrator sets a user's company role and, for an organiser or a read-only user, the projects they may
 * open with a role in each (grant), or takes one away (revoke, confirmed).
 */
export function AccessEditModal({ user, onClose }: { user: AccessUser; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const projects = useAccessProjects();
  const update = useUpdateAccess();
  const revoke = useRevokeProject();
  const [role, setRole] = useState<CompanyRole>(user.role);
  const [allProjects, setAllProjects] = useState(user.allProjects);
  const [grants, setGrants] = useState<Grant[]>(
    user.projects.map(({ projectId, role }) => ({ projectId, role })),
  );
  const [adding, setAdding] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Grant | null>(null);
  const name = `${user.firstName} ${user.lastName}`;
  const projectName = (id: string) => {
    const p = projects.data?.items.find((x) => x.id === id);
    return p ? (i18n.language === 'en' ? p.nameEn : p.nameFr) : '';
  };
  const saved = user.projects.some((p) => p.projectId === revoking?.projectId);
  const dirty =
    role !== user.role ||
    allProjects !== user.allProjects ||
    JSON.stringify(grants) !==
      JSON.stringify(user.projects.map(({ projectId, role }) => ({ projectId, role })));

  function save() {
    update.mutate(
      { userId: user.id, body: { role, allProjects, projects: grants } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('access.saved') });
          onClose();
        },
      },
    );
  }

  function confirmRevoke(grant: Grant) {
    if (!saved) {
      setGrants((g) => g.filter((x) => x.projectId !== grant.projectId));
      setRevoking(null);
      return;
    }
    revoke.mutate(
      { userId: user.id, projectId: grant.projectId },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('access.revoked') });
          setGrants((g) => g.filter((x) => x.projectId !== grant.projectId));
          setRevoking(null);
        },
      },
    );
  }

  const choices = (projects.data?.items ?? [])
    .filter((p) => !grants.some((g) => g.projectId === p.id))
    .map((p) => ({ value: p.id, label: i18n.language === 'en' ? p.nameEn : p.nameFr }));
  const roleOptions = PROJECT_ROLES.map((r) => ({ value: r, label: t(roleLabelKey(r)) }));

  return (
    <AppModal opened onClose={onClose} title={t('access.editTitle', { name })} size="lg" dirty={dirty}>
      <Stack>
        <Radio.Group
          label={t('access.role')}
          value={role}
          onChange={(v) => setRole(v as CompanyRole)}
          data-testid="access-role"
        >
          <Stack gap="xs" mt="xs">
            {COMPANY_ROLES.map((r) => (
              <Radio key={r} value={r} label={t(roleLabelKey(r))} description={t(`access.roleHelp.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {role === 'administrator' ? (
          <Text size="sm" c="dimmed">
            {t('access.adminScope')}
          </Text>
        ) : (
          <Radio.Group
            label={t('access.scope')}
            value={allProjects ? 'all' : 'some'}
            onChange={(v) => setAllProjects(v === 'all')}
          >
            <Group mt="xs">
              <Radio value="all" label={t('access.scopeAll')} />
              <Radio value="some" label={t('access.scopeSome')} data-testid="scope-some" />
            </Group>
          </Radio.Group>
        )}
        {role !== 'administrator' && !allProjects && (
          <>
            <Table>
              <Table.Tbody>
                {grants.map((g) => (
                  <Table.Tr key={g.projectId}>
                    <Table.Td>{projectName(g.projectId)}</Table.Td>
                    <Table.Td w={180}>
                      <Select
                        aria-label={t('access.projectRole', { project: projectName(g.projectId) })}
                        data={roleOptions}
                        value={g.role}
                        allowDeselect={false}
                        onChange={(v) =>
                          setGrants((all) =>
                            all.map((x) =>
                              x.projectId === g.projectId ? { ...x, role: v as ProjectRole } : x,
                            ),
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td w={50}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t('access.revoke')} — ${projectName(g.projectId)}`}
                        onClick={() => setRevoking(g)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {!grants.length && (
              <Text size="sm" c="dimmed">
                {t('access.noProject')}
              </Text>
            )}
            <Group align="flex-end">
              <Select
                label={t('access.addProject')}
                data={choices}
                value={adding}
                onChange={setAdding}
                searchable
                style={{ flex: 1 }}
                data-testid="add-project"
              />
              <Button
                variant="light"
                disabled={!adding}
                onClick={() => {
                  if (adding) setGrants((g) => [...g, { projectId: adding, role: 'readonly' }]);
                  setAdding(null);
                }}
              >
                {t('access.grant')}
              </Button>
            </Group>
          </>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
      {revoking && (
        <ConfirmModal
          opened
          title={t('access.revokeTitle')}
          confirmLabel={t('access.revoke')}
          onCancel={() => setRevoking(null)}
          onConfirm={() => confirmRevoke(revoking)}
          loading={revoke.isPending}
          danger
        >
          {t('access.revokeBody', { name, project: projectName(revoking.projectId) })}
        </ConfirmModal>
      )}
    </AppModal>
  );
}
