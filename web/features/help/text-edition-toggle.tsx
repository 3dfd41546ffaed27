import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPencilOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../session/api';
import { useSetTextEditionMode } from './api';

/** E10: a super-admin switches text-edition mode on and off; it is remembered for their account. */
export function TextEditionToggle() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const setMode = useSetTextEditionMode();
  const on = user.textEditionMode;
  return (
    <Tooltip label={on ? t('help.editionMode.turnOff') : t('help.editionMode.turnOn')}>
      <ActionIcon
        variant={on ? 'filled' : 'subtle'}
        color={on ? 'orange' : undefined}
        size="lg"
        aria-label={t('help.editionMode.label')}
        aria-pressed={on}
        loading={setMode.isPending}
        onClick={() =>
          setMode.mutate(!on, {
            onSuccess: (next) =>
              notifications.show({
                // Not over the header, whose buttons the super-admin uses next.
                position: 'bottom-right',
                color: next.textEditionMode ? 'orange' : 'teal',
                message: next.textEditionMode ? t('help.editionMode.on') : t('help.editionMode.off'),
              }),
          })
        }
        data-testid="text-edition-toggle"
      >
        {on ? <IconPencil size={20} /> : <IconPencilOff size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
