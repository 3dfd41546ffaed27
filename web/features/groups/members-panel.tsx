import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileInput,
  List,
  Group as Row,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileImport, IconSearch, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GROUP_IMPORT_ACCEPT,
  type Group,
  type GroupMember,
  type groupMemberSortable,
  type MemberImportResult,
} from '../../../contracts/groups';
import { emailAddress } from '../../../contracts/http';
import { DataTable } from '../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { showError } from '../../components/feedback/error-dialog';
import { SubmitButton } from '../../components/forms/submit-button';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import {
  groupCandidatesQuery,
  groupMembersQuery,
  useAddMembers,
  useImportMembers,
  useRemoveMember,
} from './api';
import { nameIn } from './names';

const fullName = (m: GroupMember) => `${m.firstName} ${m.lastName}`.trim();
type Sortable = (typeof groupMemberSortable)[number];

/** U4: the members of a group: name, e-mail, role, paged; remove, add from the project's participants, import. */
export function MembersModal({
  projectId,
  group,
  onClose,
}: {
  projectId: string;
  group: Group;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<ListState>({});
  const [dialog, setDialog] = useState<'add' | 'import' | GroupMember | null>(null);
  const query = { ...listQueryOf(state), sort: state.sort as Sortable | undefined };
  const members = useQuery(groupMembersQuery(projectId, group.id, query));
  const remove = useRemoveMember(projectId, group.id);
  const groupName = nameIn(group.name, i18n.language);

  return (
    <AppModal opened onClose={onClose} size="xl" title={t('groups.membersOf', { name: groupName })}>
      <Stack>
        <Row justify="flex-end" gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileImport size={16} />}
            onClick={() => setDialog('import')}
          >
            {t('groups.members.import')}
          </Button>
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('add')}>
            {t('groups.members.add')}
          </Button>
        </Row>
        <DataTable<GroupMember>
          label={t('groups.members.label')}
          columns={[
            { key: 'name', header: t('groups.members.name'), sortKey: 'name', render: fullName },
            { key: 'email', header: t('groups.members.email'), sortKey: 'email', render: (m) => m.email },
            {
              key: 'role',
              header: t('groups.members.role'),
              sortKey: 'role',
              render: (m) => nameIn(m.role, i18n.language),
            },
            {
              key: 'actions',
              header: t('common.actions'),
              align: 'right',
              render: (m) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('groups.members.remove', { name: fullName(m) })}
                  onClick={() => setDialog(m)}
                >
                  <IconUserMinus size={16} />
                </ActionIcon>
              ),
            },
          ]}
          data={members.data}
          isLoading={members.isFetching}
          error={members.error}
          onRetry={() => void members.refetch()}
          state={state}
          onStateChange={setState}
          getRowId={(m) => m.participantId}
          emptyText={t('groups.members.empty')}
        />
      </Stack>

      {dialog === 'add' && (
        <AddMembersModal
          projectId={projectId}
          group={group}
          groupName={groupName}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'import' && (
        <ImportMembersModal
          projectId={projectId}
          group={group}
          groupName={groupName}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog !== null && typeof dialog === 'object' && (
        <ConfirmModal
          opened
          danger
          title={t('groups.members.removeTitle')}
          confirmLabel={t('groups.members.removeConfirm')}
          loading={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.participantId, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('groups.notifications.memberRemoved') });
                setDialog(null);
              },
            })
          }
        >
          {t('groups.members.removeBody', { name: fullName(dialog), group: groupName })}
        </ConfirmModal>
      )}
    </AppModal>
  );
}

/** Finds participants of the project who are not in the group yet, by name or e-mail, and adds the ones ticked. */
function AddMembersModal({
  projectId,
  group,
  groupName,
  onClose,
}: {
  projectId: string;
  group: Group;
  groupName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const [chosen, setChosen] = useState<string[]>([]);
  const candidates = useQuery(groupCandidatesQuery(projectId, group.id, debounced));
  const add = useAddMembers(projectId, group.id);
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));

  return (
    <AppModal opened onClose={onClose} size="lg" title={t('groups.members.addTitle', { name: groupName })}>
      <Stack>
        <TextInput
          label={t('groups.members.search')}
          leftSection={<IconSearch size={16} />}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          data-autofocus
        />
        <ScrollArea.Autosize mah={320}>
          <Stack gap="xs" data-testid="group-candidates">
            {candidates.data?.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('groups.members.noCandidate')}
              </Text>
            )}
            {candidates.data?.map((c) => (
              <Checkbox
                key={c.participantId}
                checked={chosen.includes(c.participantId)}
                onChange={() => toggle(c.participantId)}
                label={`${fullName(c)} — ${c.email} (${nameIn(c.role, i18n.language)})`}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Row justify="flex-end">
          <SubmitButton
            type="button"
            disabled={chosen.length === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(chosen, {
                onSuccess: (result) => {
                  notifications.show({
                    color: 'teal',
                    message: t('groups.notifications.membersAdded', result),
                  });
                  onClose();
                },
              })
            }
          >
            {t('groups.members.addSelected', { count: chosen.length })}
          </SubmitButton>
        </Row>
      </Stack>
    </AppModal>
  );
}

/** Imports a .csv or .txt of e-mails: the participants found join; the addresses not found are listed. */
function ImportMembersModal({
  projectId,
  group,
  groupName,
  onClose,
}: {
  projectId: string;
  group: Group;
  groupName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [result, setResult] = useState<MemberImportResult | null>(null);
  const importMembers = useImportMembers(projectId, group.id);
  // The server answers every address it did not find; one that is not an address at all is told apart, with why.
  const unmatched = result?.notFound ?? [];
  const invalid = unmatched.filter((email) => !emailAddress.safeParse(email).success);
  const notFound = unmatched.filter((email) => emailAddress.safeParse(email).success);

  function handleImport() {
    if (!file) return;
    setFileError(undefined);
    importMembers.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer);
        notifications.show({ color: 'teal', message: t('groups.notifications.membersAdded', answer) });
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields.find((f) => f.field === 'file') : undefined;
        if (field) setFileError(field.message);
        else showError(error);
      },
    });
  }

  return (
    <AppModal opened onClose={onClose} size="lg" title={t('groups.members.importTitle', { name: groupName })}>
      <Stack>
        <Text size="sm">{t('groups.members.importHelp')}</Text>
        <FileInput
          label={t('groups.members.importFile')}
          accept={GROUP_IMPORT_ACCEPT}
          value={file}
          onChange={(value) => {
            setFile(value);
            setResult(null);
            setFileError(undefined);
          }}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clearFile') }}
        />
        {result && (
          <Alert color="teal" data-testid="group-import-result">
            {t('groups.notifications.membersAdded', result)}
          </Alert>
        )}
        <AddressWarning
          addresses={notFound}
          title={t('groups.members.importNotFound', { count: notFound.length })}
          testId="group-import-not-found"
        />
        <AddressWarning
          addresses={invalid}
          title={t('groups.members.importInvalid', { count: invalid.length })}
          testId="group-import-invalid"
        />
        <Row justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <SubmitButton
            type="button"
            disabled={!file}
            loading={importMembers.isPending}
            onClick={handleImport}
          >
            {t('groups.members.importSubmit')}
          </SubmitButton>
        </Row>
      </Stack>
    </AppModal>
  );
}

/** The addresses of an imported file that were not taken, under the reason why; nothing when there are none. */
function AddressWarning({
  addresses,
  title,
  testId,
}: {
  addresses: string[];
  title: string;
  testId: string;
}) {
  if (!addresses.length) return null;
  return (
    <Alert color="yellow" data-testid={testId}>
      <Text size="sm">{title}</Text>
      <List size="sm" mt="xs">
        {addresses.map((email) => (
          <List.Item key={email}>{email}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
