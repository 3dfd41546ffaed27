import { Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { centsToInput } from '../../../contracts/money';
import { type SaleDetail, type SaleInput, saleInput } from '../../../contracts/sales';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useUpdateSale } from './api';

/**
 * S1 (editPaymentRequest, UpdateRpmi): the buyer of a sale and, when it is pending or a courtesy, each item's quantity,
 * unit price and discount (amounts typed with a decimal comma or point). The server recomputes the taxes and sums on
 * the rates the items were charged; a paid sale's money is refunded, not edited.
 */
export function SaleEditModal({
  projectId,
  sale,
  onClose,
}: {
  projectId: string;
  sale: SaleDetail;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  const update = useUpdateSale(projectId, sale.id);
  const moneyEditable = sale.status === 'pending' || sale.status === 'courtesy';
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: saleInput,
    initialValues: {
      buyer: { ...sale.buyer, language: sale.language },
      items: moneyEditable
        ? sale.items.map((item) => ({
            id: item.id,
            quantity: item.quantity,
            unitPrice: centsToInput(item.unitPriceCents, lang),
            discount: centsToInput(item.discountCents, lang),
          }))
        : [],
    },
    // The amounts as typed (« 125,00 »): the server reads them with the same rule the form checked them with.
    submit: (): Promise<unknown> => update.mutateAsync(form.getValues() as SaleInput),
    successMessage: t('sales.edit.saved'),
    onSaved: onClose,
  });
  const values = form.getValues();

  return (
    <AppModal opened onClose={onClose} title={t('sales.edit.title')} size="lg" dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label={t('sales.edit.name')} required data-autofocus {...field('buyer.name')} />
          <TextInput label={t('sales.edit.email')} required type="email" {...field('buyer.email')} />
          <TextInput label={t('sales.edit.organisation')} {...field('buyer.organisation')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sale-language">
              {t('sales.edit.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="sale-language"
              data={[
                { value: 'fr', label: t('sales.edit.french') },
                { value: 'en', label: t('sales.edit.english') },
              ]}
              {...form.getInputProps('buyer.language')}
            />
          </Stack>
          {moneyEditable ? (
            <Table aria-label={t('sales.detail.items')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sales.detail.item')}</Table.Th>
                  <Table.Th>{t('sales.detail.quantity')}</Table.Th>
                  <Table.Th>{t('sales.detail.unitPrice')}</Table.Th>
                  <Table.Th>{sale.status === 'courtesy' ? '' : t('sales.detail.discount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.items.map((line, index) => {
                  const item = sale.items.find((i) => i.id === line.id);
                  const itemName = item ? item.name[lang] || item.name.fr : '';
                  return (
                    <Table.Tr key={line.id}>
                      <Table.Td>{itemName}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('sales.edit.quantityOf', { name: itemName })}
                          inputMode="numeric"
                          w={80}
                          {...field(`items.${index}.quantity`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('sales.edit.unitPriceOf', { name: itemName })}
                          inputMode="decimal"
                          w={120}
                          {...field(`items.${index}.unitPrice`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        {sale.status !== 'courtesy' && (
                          <TextInput
                            aria-label={t('sales.edit.discountOf', { name: itemName })}
                            inputMode="decimal"
                            w={120}
                            {...field(`items.${index}.discount`)}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed">
              {t('sales.edit.paidNote')}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
