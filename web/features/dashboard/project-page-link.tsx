import type { ReactNode } from 'react';
import type { DashboardLink } from '../../../contracts/dashboard';
import { ActionIconTo, AnchorTo } from '../../components/router-links';

/**
 * A page of the project named by the dashboard's catalogue (`page` under `/projects/$projectId`, with the list's
 * filter in `search`): the catalogue is data, so its paths are not the router's literal types.
 */
function target(projectId: string, link: DashboardLink) {
  return {
    to: `/projects/$projectId/${link.page}` as '/projects/$projectId',
    params: { projectId },
    search: (link.search ?? {}) as never,
  };
}

export function ProjectPageLink(props: { projectId: string; link: DashboardLink; children: ReactNode }) {
  return <AnchorTo {...target(props.projectId, props.link)}>{props.children}</AnchorTo>;
}

export function ProjectPageIconLink(props: {
  projectId: string;
  link: DashboardLink;
  label: string;
  children: ReactNode;
}) {
  return (
    <ActionIconTo {...target(props.projectId, props.link)} variant="subtle" aria-label={props.label}>
      {props.children}
    </ActionIconTo>
  );
}
