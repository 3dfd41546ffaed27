import { useTranslation } from 'react-i18next';
import type { MatchGroup } from '../../../contracts/match-groups';
import { MemberManagerModal } from '../activity-members/member-manager-modal';
import { groupSideQuery, useAddGroupMembers, useRemoveGroupMembers } from './api';

/**
 * M2: a match group's members, with the activity members' in / out manager: the project's participants outside the
 * group and its members side by side, searched and paged, moved by check box or every row a search finds.
 */
export function GroupMembersModal({
  projectId,
  pairingId,
  group,
  onClose,
}: {
  projectId: string;
  pairingId: string;
  group: MatchGroup;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddGroupMembers(projectId, pairingId, group.id);
  const remove = useRemoveGroupMembers(projectId, pairingId, group.id);

  return (
    <MemberManagerModal
      texts={{
        title: t('pairings.groups.managerTitle', { name: group.name }),
        out: {
          title: t('pairings.groups.out.title'),
          label: t('pairings.groups.out.label'),
          empty: t('pairings.groups.out.empty'),
        },
        in: {
          title: t('pairings.groups.in.title'),
          label: t('pairings.groups.in.label'),
          empty: t('pairings.groups.in.empty'),
        },
        addSelected: (count) => t('pairings.groups.addSelected', { count }),
        addAll: (count) => t('pairings.groups.addAll', { count }),
        removeSelected: (count) => t('pairings.groups.removeSelected', { count }),
        removeAll: (count) => t('pairings.groups.removeAll', { count }),
        added: (count) => t('pairings.groups.added', { count }),
        removed: (count) => t('pairings.groups.removed', { count }),
      }}
      testIds={{ out: 'group-out', in: 'group-in' }}
      outQuery={(query) => groupSideQuery(projectId, pairingId, group.id, 'out', query)}
      inQuery={(query) => groupSideQuery(projectId, pairingId, group.id, 'in', query)}
      add={add}
      remove={remove}
      onClose={onClose}
    />
  );
}
