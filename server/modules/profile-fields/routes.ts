import type { FastifyInstance } from 'fastify';
import {
  addProfileFieldItem,
  createProfileField,
  deleteProfileField,
  deleteProfileFieldItem,
  listProfileFields,
  renameProfileFieldItem,
  reorderProfileFieldItems,
  reorderProfileFields,
  setProfileFieldSwitch,
  updateProfileFieldTitle,
} from '../../../contracts/profile-fields';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

/** U5: the participant profile fields of a project. */
export function registerProfileFieldRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listProfileFields, ({ auth, params }) => service.listFields(deps, auth, params.projectId));
  route(app, createProfileField, ({ auth, params, body }) =>
    service.createField(deps, auth, params.projectId, body),
  );
  route(app, updateProfileFieldTitle, ({ auth, params, body }) =>
    service.updateFieldTitle(deps, auth, params.projectId, params.profileFieldId, body.title),
  );
  route(app, setProfileFieldSwitch, ({ auth, params, body }) =>
    service.setFieldSwitch(deps, auth, params.projectId, params.profileFieldId, body.name, body.value),
  );
  route(app, deleteProfileField, ({ auth, params }) =>
    service.deleteField(deps, auth, params.projectId, params.profileFieldId),
  );
  route(app, reorderProfileFields, ({ auth, params, body }) =>
    service.reorderFields(deps, auth, params.projectId, body),
  );
  route(app, addProfileFieldItem, ({ auth, params, body }) =>
    service.addItem(deps, auth, params.projectId, params.profileFieldId, body.label),
  );
  route(app, renameProfileFieldItem, ({ auth, params, body }) =>
    service.renameItem(deps, auth, params.projectId, params.profileFieldId, params.itemId, body.label),
  );
  route(app, deleteProfileFieldItem, ({ auth, params }) =>
    service.deleteItem(deps, auth, params.projectId, params.profileFieldId, params.itemId),
  );
  route(app, reorderProfileFieldItems, ({ auth, params, body }) =>
    service.reorderItems(deps, auth, params.projectId, params.profileFieldId, body),
  );
}
