import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditDetailValue,
  LICENSING_LABELS,
  MIGRATION_STATUS_LABELS,
  MOVEMENT_TARGET_LABELS,
  usageTypeLabel,
  USAGE_TYPE_LABELS,
} from './labels';
import { USAGE_TYPES } from './licenses';
import { MIGRATION_STATUSES } from './reports';

/** An internal name: a dotted action, or a CamelCase word run together. */
const INTERNAL = /\.|[a-z][A-Z]/;

describe('display labels', () => {
  it('name every audit action, usage type and migration status in words', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action], action).toBeDefined();
    for (const usage of USAGE_TYPES) expect(USAGE_TYPE_LABELS[usage]).not.toMatch(INTERNAL);
    for (const status of MIGRATION_STATUSES) expect(MIGRATION_STATUS_LABELS[status]).not.toMatch(INTERNAL);
    for (const label of Object.values(AUDIT_ACTION_LABELS)) expect(label).not.toMatch(INTERNAL);
  });

  it('show Transactional as Pay-Per-Use, and an unknown value as it is', () => {
    expect(usageTypeLabel('Transactional')).toBe('Pay-Per-Use');
    expect(usageTypeLabel('NodeLockedForever')).toBe('Node-Locked Forever');
    expect(auditActionLabel('auth.login')).toBe('Sign-in');
    expect(auditActionLabel('toString')).toBe('toString');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it("say an audit event's detail in words: licensing, status, usage type and flags", () => {
    for (const label of Object.values(LICENSING_LABELS)) expect(label).not.toMatch(INTERNAL);
    expect(auditDetailValue('licensing', 'NodeLocked')).toBe('Node-locked machine');
    expect(auditDetailValue('status', 'CompletedWithErrors')).not.toMatch(INTERNAL);
    expect(auditDetailValue('usageType', 'Transactional')).toBe('Pay-Per-Use');
    expect(auditDetailValue('moved', true)).toBe('Yes');
    expect(auditDetailValue('bindings', 2)).toBe('2');
    expect(auditDetailValue('machineName', 'MIG-01')).toBe('MIG-01');
  });

  it('say where a movement went, a machine as node-locked, alike on screen and in the export', () => {
    expect(MOVEMENT_TARGET_LABELS.Machine).toBe('Machine (node-locked)');
    expect(MOVEMENT_TARGET_LABELS.Pool).toBe('Pool');
  });
});
