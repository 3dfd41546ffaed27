import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Checkbox, Fieldset, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import { formatMoney } from '../../../contracts/money';
import type { PublicRegistrationPage, RegistrationOffer } from '../../../contracts/registration';

/** What the buyer has chosen so far: the role, one registration, activities, and a promo code per payment. */
export interface Selection {
  roleId: string | null;
  registrationId: string | null;
  activityIds: string[];
  codes: Record<string, string>;
}

/**
 * Steps 1 and 2: the role (those some registration on sale allows), then what to buy for it — one registration,
 * any activities —, each with its price, the seats left, and a promo code field when one may apply. Without a card
 * processor, what costs something cannot be chosen (the page says why).
 */
export function ChoiceStep({
  page,
  language,
  selection,
  onChange,
  errors,
  busy,
  onNext,
}: {
  page: PublicRegistrationPage;
  language: Language;
  selection: Selection;
  onChange: (next: Selection) => void;
  errors: Record<string, string>;
  busy: boolean;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const { roleId } = selection;
  const registrations = page.offers.filter(
    (o) => o.kind === 'registration' && roleId && o.roleIds.includes(roleId),
  );
  const activities = page.offers.filter((o) => o.kind === 'activity');
  const chosen = [selection.registrationId, ...selection.activityIds].filter(Boolean) as string[];
  const errorOf = (paymentId: string, key: 'paymentId' | 'promoCode') => {
    const index = chosen.indexOf(paymentId);
    return index < 0 ? undefined : errors[`items.${index}.${key}`];
  };
  const price = (offer: RegistrationOffer) =>
    offer.priceCents === 0
      ? t('publicRegistration.items.free')
      : formatMoney(offer.priceCents, page.currency, language);
  const blocked = (offer: RegistrationOffer) => offer.priceCents > 0 && !page.cardPayments;

  const describe = (offer: RegistrationOffer) => (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {offer.name[language]} — {price(offer)}
      </Text>
      {offer.description[language] && (
        <Text size="xs" c="dimmed">
          {offer.description[language]}
        </Text>
      )}
      {offer.remaining !== null && (
        <Text size="xs" c="dimmed">
          {t('publicRegistration.items.remaining', { count: offer.remaining })}
        </Text>
      )}
      {blocked(offer) && (
        <Text size="xs" c="red.8">
          {t('publicRegistration.items.paidNeedsCard')}
        </Text>
      )}
    </Stack>
  );
  const promoField = (offer: RegistrationOffer) =>
    offer.promo &&
    chosen.includes(offer.id) && (
      <TextInput
        ml="xl"
        size="sm"
        label={t('publicRegistration.items.promoFor', { name: offer.name[language] })}
        value={selection.codes[offer.id] ?? ''}
        onChange={(event) =>
          onChange({ ...selection, codes: { ...selection.codes, [offer.id]: event.currentTarget.value } })
        }
        error={errorOf(offer.id, 'promoCode')}
        autoComplete="off"
      />
    );
  const itemError = (offer: RegistrationOffer) => {
    const message = errorOf(offer.id, 'paymentId');
    return (
      message && (
        <Text size="sm" c="red.8" role="alert" ml="xl">
          {message}
        </Text>
      )
    );
  };

  if (page.roles.length === 0) return <Alert color="yellow">{t('publicRegistration.nothingOnSale')}</Alert>;
  return (
    <Stack gap="lg">
      {!page.cardPayments && page.offers.some((o) => o.priceCents > 0) && (
        <Alert color="yellow" data-testid="card-unavailable">
          {t('publicRegistration.cardUnavailable')}
        </Alert>
      )}
      <Radio.Group
        label={t('publicRegistration.role.title')}
        value={roleId ?? ''}
        onChange={(value) => onChange({ ...selection, roleId: value, registrationId: null })}
        error={errors.roleId}
      >
        <Stack gap="xs" mt="xs">
          {page.roles.map((role) => (
            <Radio key={role.id} value={role.id} label={role.name[language]} />
          ))}
        </Stack>
      </Radio.Group>
      {roleId && (
        <Fieldset legend={t('publicRegistration.items.title')} variant="unstyled">
          <Stack gap="md">
            <Radio.Group
              label={t('publicRegistration.items.registrations')}
              value={selection.registrationId ?? ''}
              onChange={(value) => onChange({ ...selection, registrationId: value })}
              error={errors.items}
            >
              <Stack gap="sm" mt="xs">
                {registrations.map((offer) => (
                  <Stack key={offer.id} gap={4}>
                    <Radio value={offer.id} label={describe(offer)} disabled={blocked(offer)} />
                    {itemError(offer)}
                    {promoField(offer)}
                  </Stack>
                ))}
              </Stack>
            </Radio.Group>
            {activities.length > 0 && (
              <Stack gap="sm">
                <Text size="sm" fw={500}>
                  {t('publicRegistration.items.activities')}
                </Text>
                {activities.map((offer) => (
                  <Stack key={offer.id} gap={4}>
                    <Checkbox
                      label={describe(offer)}
                      disabled={blocked(offer)}
                      checked={selection.activityIds.includes(offer.id)}
                      onChange={(event) =>
                        onChange({
                          ...selection,
                          activityIds: event.currentTarget.checked
                            ? [...selection.activityIds, offer.id]
                            : selection.activityIds.filter((id) => id !== offer.id),
                        })
                      }
                    />
                    {itemError(offer)}
                    {promoField(offer)}
                  </Stack>
                ))}
              </Stack>
            )}
          </Stack>
        </Fieldset>
      )}
      <Group justify="flex-end">
        <Button onClick={onNext} loading={busy} disabled={!selection.registrationId}>
          {t('publicRegistration.next')}
        </Button>
      </Group>
    </Stack>
  );
}
