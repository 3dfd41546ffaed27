import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { WriteAccess } from '../access/write-access';
import { EditDeleteActions } from './edit-delete-actions';

const actions = (
  <EditDeleteActions
    editLabel="Modifier « Acheteur »"
    deleteLabel="Supprimer « Acheteur »"
    onEdit={() => {}}
    onDelete={() => {}}
  />
);

describe('EditDeleteActions and A4', () => {
  it('shows a row’s edit and delete buttons to a user who may change the page', () => {
    renderWithProviders(actions);
    expect(screen.getByRole('button', { name: 'Modifier « Acheteur »' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer « Acheteur »' })).toBeTruthy();
  });

  it('shows neither to a read-only user', () => {
    renderWithProviders(<WriteAccess.Provider value={false}>{actions}</WriteAccess.Provider>);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
