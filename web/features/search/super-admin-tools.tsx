import { Combobox, Flex, Group, Loader, Select, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconCalendarEvent, IconSearch, IconUser } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchCompany } from '../../../contracts/auth';
import {
  globalSearch,
  SEARCH_DELAY_MS,
  SEARCH_MIN_LENGTH,
  type SearchResult,
} from '../../../contracts/search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { call } from '../../lib/api';
import { useCompanyChoices } from '../companies/api';
import { sessionQuery, useCurrentUser } from '../session/api';

const KIND_ICON = { project: IconCalendarEvent, user: IconUser, company: IconBuilding } as const;

interface PendingSwitch {
  companyId: string;
  companyName: string;
  projectId: string | null;
}

/** P2: the super-admin's global search and company selector; switching asks for confirmation first. */
export function SuperAdminTools({ inMenu = false }: { inMenu?: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingSwitch | null>(null);
  const [switching, setSwitching] = useState(false);
  const choices = useCompanyChoices(true);

  async function confirmSwitch() {
    if (!pending) return;
    setSwitching(true);
    try {
      const updated = await call(switchCompany, { body: { companyId: pending.companyId } });
      queryClient.setQueryData(sessionQuery.queryKey, (state) =>
        state ? { ...state, user: updated } : state,
      );
      notifications.show({ color: 'teal', message: t('header.switched', { company: updated.company.name }) });
      setPending(null);
      await navigate(
        pending.projectId
          ? { to: '/projects/$projectId', params: { projectId: pending.projectId } }
          : { to: '/projects' },
      );
      // Every other cached answer belonged to the previous company. Reset (not remove) them once the page is
      // left, so a page that stays on screen (the project list, when already there) refetches instead of
      // keeping the previous company's rows.
      await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== sessionQuery.queryKey[0] });
    } finally {
      setSwitching(false);
    }
  }

  function request(next: PendingSwitch) {
    if (next.companyId === user.company.id) {
      if (next.projectId)
        void navigate({ to: '/projects/$projectId', params: { projectId: next.projectId } });
      return;
    }
    setPending(next);
  }

  return (
    // In the header on wide screens; in the menu (one under the other) on narrow ones.
    <Flex gap="sm" direction={inMenu ? 'column' : 'row'} wrap="nowrap">
      <GlobalSearch
        inMenu={inMenu}
        onChoose={(r) =>
          request({ companyId: r.companyId, companyName: r.companyName, projectId: r.projectId })
        }
      />
      <Select
        aria-label={t('header.companySelector')}
        data={(choices.data ?? []).map((c) => ({
          value: c.id,
          label: c.id === user.homeCompanyId ? `${c.name} ${t('header.homeCompany')}` : c.name,
        }))}
        value={user.company.id}
        onChange={(value, option) =>
          value && request({ companyId: value, companyName: option?.label ?? '', projectId: null })
        }
        searchable
        allowDeselect={false}
        w={inMenu ? '100%' : 240}
        size="sm"
        leftSection={<IconBuilding size={16} aria-hidden />}
        data-testid="company-selector"
        visibleFrom={inMenu ? undefined : 'md'}
      />
      <ConfirmModal
        opened={!!pending}
        title={t('header.switchTitle')}
        confirmLabel={t('header.switchConfirm')}
        onConfirm={() => void confirmSwitch()}
        onCancel={() => setPending(null)}
        loading={switching}
      >
        {t('header.switchBody', { company: pending?.companyName ?? '' })}
      </ConfirmModal>
    </Flex>
  );
}

function GlobalSearch({ onChoose, inMenu }: { onChoose: (result: SearchResult) => void; inMenu: boolean }) {
  const { t } = useTranslation();
  const combobox = useCombobox();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const enabled = debounced.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) => call(globalSearch, { query: { q: debounced }, signal }),
    enabled,
    staleTime: 30_000,
  });
  // Results of an older term are not shown while the one typed now waits for its pause.
  const current = enabled && debounced === term.trim() ? results.data : undefined;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const chosen = current?.find((r) => `${r.kind}:${r.id}` === value);
        combobox.closeDropdown();
        setTerm('');
        if (chosen) onChoose(chosen);
      }}
      width={460}
      position="bottom-start"
    >
      <Combobox.Target>
        <TextInput
          aria-label={t('header.searchLabel')}
          placeholder={t('header.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={results.isFetching ? <Loader size="xs" /> : null}
          value={term}
          onChange={(e) => {
            setTerm(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          w={inMenu ? '100%' : 320}
          size="sm"
          data-testid="global-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={term.trim().length === 0}>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label={t('header.searchResults')}>
          {term.trim().length < SEARCH_MIN_LENGTH ? (
            <Combobox.Empty>{t('header.searchHint')}</Combobox.Empty>
          ) : current?.length === 0 ? (
            <Combobox.Empty>{t('header.searchEmpty')}</Combobox.Empty>
          ) : (
            current?.map((r) => {
              const Icon = KIND_ICON[r.kind];
              return (
                <Combobox.Option value={`${r.kind}:${r.id}`} key={`${r.kind}:${r.id}`}>
                  <Group gap="xs" wrap="nowrap">
                    <Icon size={16} aria-hidden />
                    <div>
                      <Text size="sm">{r.label}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`header.searchKind.${r.kind}`)}
                      </Text>
                    </div>
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
