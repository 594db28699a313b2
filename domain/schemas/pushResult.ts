import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from './common';

/** What APNs answered to one push of a pass to one device. */
export const PushResultSchema = Type.Object({
  id: Uuid(),
  deviceId: Uuid(),
  status: Type.Integer({ description: "APNs' HTTP status; 0 when APNs gave no answer" }),
  reason: Nullable(Type.String()),
  createdAt: DateTime(),
});
export type PushResult = Static<typeof PushResultSchema>;
