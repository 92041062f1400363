import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getCapabilities } from '../../src/contract/dfm';
import { DEFAULT_CAPABILITIES as T } from '../../src/contract/capabilities';
import { CapabilityTableError, loadCapabilities, readCapabilityTableFile } from '../../server/board-jobs/capability-table';
import { callContract, startGateway } from './helpers';

describe('the default capability table', () => {
  it('is the one docs/capabilities.md prints', () => {
    const doc = readFileSync(new URL('../../docs/capabilities.md', import.meta.url), 'utf8');
    const json = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(T);
  });

  it('has its classes on the price table\'s fine-feature thresholds, so a cure is a price option', async () => {
    const { DEFAULT_PRICE_TABLE } = await import('../../server/pricing/price-table');
    expect(T.classes[0]).toMatchObject({
      minTrackMm: DEFAULT_PRICE_TABLE.pcb.fineFeatures.trackBelowMm, minHoleMm: DEFAULT_PRICE_TABLE.pcb.fineFeatures.holeBelowMm,
    });
  });
});

describe('a capability table file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'capabilities-'));
  afterAll(() => {
    loadCapabilities(undefined);
    rmSync(folder, { recursive: true, force: true });
  });
  const write = (content: unknown) => {
    const path = join(folder, `${Math.random()}.json`);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const refusal = (content: unknown) => {
    try {
      readCapabilityTableFile(write(content));
    } catch (error) {
      if (error instanceof CapabilityTableError) return error.field;
      throw error;
    }
    return null;
  };

  it('replaces the built-in table', () => {
    const changed = { ...T, version: 'test', silk: { ...T.silk, lineWidthMm: 0.2 } };
    expect(loadCapabilities(write(changed)).silk.lineWidthMm).toBe(0.2);
  });

  it('written without fixedInPreparation still loads, and fixes in preparation what the built-in table does', () => {
    const { fixedInPreparation: _new, ...before } = T;
    const loaded = loadCapabilities(write(before));
    expect(loaded.fixedInPreparation).toEqual(T.fixedInPreparation);
    // A file may say the fab fixes nothing: then every finding is judged by its severity alone.
    expect(loadCapabilities(write({ ...T, fixedInPreparation: [] })).fixedInPreparation).toEqual([]);
  });

  it('is refused with the field at fault named', () => {
    expect(refusal({ ...T, fixedInPreparation: [{ rule: 'silkOverPad' }, { rule: 'boardSize' }] })).toBe('fixedInPreparation.1.rule');
    expect(refusal({ ...T, fixedInPreparation: [{ rule: 'copperToEdge', feature: 'plane' }] })).toBe('fixedInPreparation.0.feature');
    expect(refusal('{')).toBe('');
    expect(refusal({ ...T, classes: [{ ...T.classes[0], trackWidthMm: -1 }] })).toBe('classes.0.trackWidthMm');
    expect(refusal({ ...T, silk: { lineWidthMm: 0.1 } })).toBe('silk.padClearanceMm');
    expect(refusal({ ...T, slots: { ...T.slots, extra: 1 } })).toBe('slots.extra');
    expect(refusal({ ...T, classes: [...T.classes].reverse() })).toBe('classes.1');
    expect(refusal({ ...T, materials: { ...T.materials, fr4: { ...T.materials.fr4, classes: ['ultra'] } } })).toBe('materials.fr4.classes.0');
  });

  it('stops the gateway from starting when bad', async () => {
    const previous = process.env.CAPABILITIES_FILE;
    process.env.CAPABILITIES_FILE = write({ ...T, severity: { ...T.severity, trackWidth: 'fatal' } });
    try {
      await expect(startGateway()).rejects.toThrow(/severity\.trackWidth/);
    } finally {
      if (previous === undefined) delete process.env.CAPABILITIES_FILE;
      else process.env.CAPABILITIES_FILE = previous;
      loadCapabilities(undefined);
    }
  });
});

describe('GET /dfm/Capabilities', () => {
  it('serves the active table to anyone', async () => {
    const gw = await startGateway();
    try {
      const answer = await callContract(gw, getCapabilities, {}, undefined);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(T);
    } finally {
      await gw.close();
    }
  });
});
