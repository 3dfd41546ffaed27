import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelp, IconPencilQuestion } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/api';
import { HelpEditModal } from './help-edit-modal';
import { HelpViewModal } from './help-view-modal';
import { helpScreenOf } from './screens';

/**
 * E10: the header's help button. It shows the help of the screen on view; a super-admin in text-edition mode
 * edits it instead.
 */
export function HelpButton() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const screen = useRouterState({ select: (s) => helpScreenOf(s.matches.map((m) => m.routeId)) });
  const [open, setOpen] = useState<'view' | 'edit' | null>(null);
  const editing = user.textEditionMode;
  const label = editing ? t('help.edit') : t('help.open');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant={editing ? 'light' : 'subtle'}
          color={editing ? 'orange' : undefined}
          size="lg"
          aria-label={label}
          onClick={() => setOpen(editing ? 'edit' : 'view')}
          data-testid="help-button"
          data-screen={screen ?? undefined}
        >
          {editing ? <IconPencilQuestion size={22} /> : <IconHelp size={22} />}
        </ActionIcon>
      </Tooltip>
      {open === 'view' && <HelpViewModal screen={screen} onClose={() => setOpen(null)} />}
      {open === 'edit' && <HelpEditModal screen={screen} onClose={() => setOpen(null)} />}
    </>
  );
}
