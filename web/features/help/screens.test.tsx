import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { HELP_SCREENS } from '../../../contracts/help';
import { makeRouter } from '../../app/router';
import { helpScreenOf, ROUTES_WITHOUT_SCREEN, SCREEN_BY_ROUTE } from './screens';

describe('help screens (E10)', () => {
  const routeIds = Object.keys(makeRouter(new QueryClient()).routesById);

  it('gives every route of the router a screen, or says it shows none', () => {
    const known = new Set([...Object.keys(SCREEN_BY_ROUTE), ...ROUTES_WITHOUT_SCREEN]);
    expect(routeIds.filter((id) => !known.has(id))).toEqual([]);
    expect([...known].filter((id) => !routeIds.includes(id))).toEqual([]);
  });

  it('uses each screen id of the contract once', () => {
    expect(Object.values(SCREEN_BY_ROUTE).sort()).toEqual([...HELP_SCREENS].sort());
  });

  it('takes the deepest matched route that has a screen', () => {
    expect(
      helpScreenOf(['__root__', '/app', '/app/projects/$projectId', '/app/projects/$projectId/settings']),
    ).toBe('project.settings');
    expect(helpScreenOf(['__root__', '/app', '/app/projects/$projectId', '/app/projects/$projectId/'])).toBe(
      'project.dashboard',
    );
    expect(helpScreenOf(['__root__', '/sign-in'])).toBeNull();
  });
});
