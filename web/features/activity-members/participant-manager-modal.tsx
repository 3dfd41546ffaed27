import { Divider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activityQuery } from '../activities/api';
import { useLocalizedName } from '../activities/localized-name';
import { candidateListQuery, memberListQuery, useAddMembers, useRemoveMembers } from './api';
import { CapacityText } from './capacity-text';
import { MemberImport } from './member-import';
import { MemberManagerModal } from './member-manager-modal';

/**
 * V7: the participant manager. The project's participants not in the activity (out) and its members (in), in the
 * in / out manager (every status in the "in" list); a removal is confirmed first; an Excel or CSV file of e-mails
 * adds those participants.
 */
export function ParticipantManagerModal({
  projectId,
  activityId,
  onClose,
}: {
  projectId: string;
  activityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const activity = useQuery(activityQuery(projectId, activityId));
  const add = useAddMembers(projectId, activityId);
  const remove = useRemoveMembers(projectId, activityId);
  const title = activity.data ? nameOf(activity.data.title) : '';

  return (
    <MemberManagerModal
      texts={{
        title: t('activities.members.managerTitle', { title }),
        out: {
          title: t('activities.members.out.title'),
          label: t('activities.members.out.label'),
          empty: t('activities.members.out.empty'),
        },
        in: {
          title: t('activities.members.in.title'),
          label: t('activities.members.in.label'),
          empty: t('activities.members.in.empty'),
        },
        addSelected: (count) => t('activities.members.addSelected', { count }),
        addAll: (count) => t('activities.members.addAll', { count }),
        removeSelected: (count) => t('activities.members.removeSelected', { count }),
        removeAll: (count) => t('activities.members.removeAll', { count }),
        added: (count) => t('activities.members.notifications.added', { count }),
        removed: (count) => t('activities.members.notifications.removed', { count }),
      }}
      testIds={{ out: 'members-out', in: 'members-in' }}
      outQuery={(query) => candidateListQuery(projectId, activityId, query)}
      inQuery={(query) => memberListQuery(projectId, activityId, { ...query, status: 'all' })}
      add={add}
      remove={{
        isPending: remove.isPending,
        mutate: (selection, callbacks) =>
          remove.mutate(selection.mode === 'ids' ? selection : { ...selection, status: 'all' }, callbacks),
      }}
      confirmRemove={{
        title: t('activities.members.removeTitle'),
        confirmLabel: t('activities.members.removeConfirm'),
        body: (count) => t('activities.members.removeBody', { count }),
      }}
      header={(members) => <CapacityText capacity={members?.capacity} />}
      footer={
        <>
          <Divider />
          <MemberImport projectId={projectId} activityId={activityId} />
        </>
      }
      onClose={onClose}
    />
  );
}
