import { notifications } from '@mantine/notifications';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * §5 (CantOpenMoreEditionModal): only one entity-info window may be open in the users section. Opening another
 * while one is open is refused with a message; the open one stays as it is.
 */
interface InfoWindowState {
  /** The id of the entity whose info window is open, or null. */
  openId: string | null;
  /** Opens the window of `id`; answers false (and says why) when another one is already open. */
  open: (id: string) => boolean;
  close: () => void;
}

const InfoWindowContext = createContext<InfoWindowState | null>(null);

export function InfoWindowProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useCallback(
    (id: string) => {
      if (openId !== null && openId !== id) {
        notifications.show({
          id: 'cant-open-more',
          color: 'yellow',
          message: t('participants.info.cantOpenMore'),
        });
        return false;
      }
      setOpenId(id);
      return true;
    },
    [openId, t],
  );
  const close = useCallback(() => setOpenId(null), []);
  const value = useMemo(() => ({ openId, open, close }), [openId, open, close]);
  return <InfoWindowContext.Provider value={value}>{children}</InfoWindowContext.Provider>;
}

export function useInfoWindow(): InfoWindowState {
  const state = useContext(InfoWindowContext);
  if (!state) throw new Error('useInfoWindow needs an InfoWindowProvider');
  return state;
}
