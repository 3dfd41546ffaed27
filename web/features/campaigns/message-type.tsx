import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CampaignCriterion, MESSAGE_TYPES } from '../../../contracts/campaigns';
import type { Language } from '../../../contracts/http';
import { ConfirmModal } from '../../components/modal/app-modal';
import { i18n, loadLanguage } from '../../lib/i18n';
import type { Bilingual } from './message-fields';

type MessageType = (typeof MESSAGE_TYPES)[number];

export interface Preset {
  messageType: number;
  criteria: CampaignCriterion[];
  /** The preset's texts in both languages; absent for « Personnalisé » (the texts stay as written). */
  texts?: { subject: Bilingual; body: Bilingual };
}

/** A preset's subject and body in French and English (`campaigns.presets.<key>`), whatever the language shown. */
async function presetTexts(key: string): Promise<{ subject: Bilingual; body: Bilingual }> {
  const languages: Language[] = ['fr', 'en'];
  await Promise.all(languages.map(loadLanguage));
  const [fr, en] = languages.map((lng) => i18n.getFixedT(lng));
  const text = (part: 'subject' | 'body') => ({
    fr: fr(`campaigns.presets.${key}.${part}`),
    en: en(`campaigns.presets.${key}.${part}`),
  });
  return { subject: text('subject'), body: text('body') };
}

/**
 * C1: the message type. « Personnalisé » (0) keeps the texts and clears the criteria; a preset fills in the subject
 * and body in both languages and checks its criteria, after asking when text is already written.
 */
export function MessageTypeSelect({
  value,
  hasText,
  onApply,
}: {
  value: number;
  /** Whether a subject or a body already has text (a preset then asks before replacing it). */
  hasText: boolean;
  onApply: (preset: Preset) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<MessageType | null>(null);
  const label = (type: MessageType) => t(`campaigns.compose.types.${type.key}`);

  async function apply(type: MessageType) {
    const criteria = [...type.criteria];
    if (type.id === 0) return onApply({ messageType: 0, criteria });
    onApply({ messageType: type.id, criteria, texts: await presetTexts(type.key) });
  }

  return (
    <>
      <Select
        label={t('campaigns.compose.messageType')}
        description={t('campaigns.compose.messageTypeHint')}
        data={MESSAGE_TYPES.map((type) => ({ value: String(type.id), label: label(type) }))}
        value={String(value)}
        allowDeselect={false}
        onChange={(next) => {
          const type = MESSAGE_TYPES.find((m) => String(m.id) === next);
          if (!type || type.id === value) return;
          if (type.id !== 0 && hasText) setAsking(type);
          else void apply(type);
        }}
        maw={420}
        data-testid="message-type"
      />
      <ConfirmModal
        opened={asking !== null}
        title={t('campaigns.compose.replace.title')}
        confirmLabel={t('campaigns.compose.replace.confirm')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void apply(asking);
          setAsking(null);
        }}
      >
        {asking ? t('campaigns.compose.replace.body', { type: label(asking) }) : ''}
      </ConfirmModal>
    </>
  );
}
