import { describe, expect, it } from 'vitest';
import { sandbox, vinCheckChar, type AlctShipment } from './connector.js';

const cred = { enterpriseCode: 'HDZY31011501', appKey: 'hdzyAlct2025Key01' };
const at = new Date('2026-11-20T06:00:00Z');
const shipment: AlctShipment = {
  waybillNo: 'YD20261118000123',
  waybillStatus: 'signed',
  plate: '苏D522S0',
  vehicleRemoteId: 'ALV00000001',
  driverIdcard: '11010519491231002X',
  driverRemoteId: 'ALD00000001',
  amountFen: 167_500,
  taxCode: '3010102020100000000',
};

describe('the ALCT sandbox', () => {
  it('accepts signed-for freight, holds freight in transit as pushed, and answers the same way every time', async () => {
    const accepted = await sandbox.pushShipment(cred, shipment, at);
    expect(accepted).toMatchObject({ ok: true, status: 'accepted' });
    expect(accepted.ok && accepted.remoteId).toMatch(/^AL20261120\d{6}$/);
    expect(await sandbox.pushShipment(cred, shipment, at)).toEqual(accepted);
    expect(await sandbox.pushShipment(cred, { ...shipment, waybillStatus: 'inTransit' }, at)).toMatchObject({ ok: true, status: 'pushed' });
  });

  it('refuses what the platform refuses, with its reason', async () => {
    const code = async (s: Partial<AlctShipment>) => {
      const a = await sandbox.pushShipment(cred, { ...shipment, ...s }, at);
      return a.ok ? 'ok' : a.errorCode;
    };
    expect(await code({ driverRemoteId: null })).toBe('DRIVER_NOT_REGISTERED');
    expect(await code({ vehicleRemoteId: null })).toBe('VEHICLE_NOT_REGISTERED');
    expect(await code({ waybillStatus: 'loading' })).toBe('WAYBILL_NOT_DEPARTED');
    expect(await code({ amountFen: 0 })).toBe('AMOUNT_INVALID');
    expect(await code({ taxCode: '301010202' })).toBe('TAX_ITEM_MISSING');
    expect((await sandbox.pushShipment({ ...cred, appKey: 'x' }, shipment, at)).ok).toBe(false);
  });

  it('checks a VIN’s check character and a heavy vehicle’s road transport certificate', async () => {
    const body = 'LFWJ6P5L0ST538585';
    const vin = body.slice(0, 8) + vinCheckChar(body) + body.slice(9);
    const v = {
      plate: '苏D522S0',
      plateColor: 'yellow',
      vehicleTypeCode: 'Q11',
      roadTransportCertNo: '320400004065',
      vin,
      owner: '常州荣昌物流有限公司',
    };
    expect(await sandbox.registerVehicle(cred, v, at)).toMatchObject({ ok: true, status: 'registered' });
    const wrong = vin.slice(0, 16) + (vin[16] === '7' ? '8' : '7');
    expect(await sandbox.registerVehicle(cred, { ...v, vin: wrong }, at)).toMatchObject({ ok: false, errorCode: 'VIN_CHECK_FAILED' });
    expect(await sandbox.registerVehicle(cred, { ...v, roadTransportCertNo: '320400000000' }, at)).toMatchObject({
      ok: false,
      errorCode: 'CERT_REQUIRED',
    });
    expect(await sandbox.registerVehicle(cred, { ...v, vehicleTypeCode: 'H32', roadTransportCertNo: '320400000000' }, at)).toMatchObject({
      ok: true,
    });
    expect(vinCheckChar('LFWJ6P5L0ST53858I')).toBeNull();
  });

  it('registers a driver of working age with a valid card and refuses one of 60 or over', async () => {
    const d = { idcard: '320324199806294275', name: '丁春生', mobile: '13812345678', bankCard: '6222021234567890128' };
    const ok = await sandbox.registerDriver(cred, d, at);
    expect(ok.ok && ok.remoteId).toMatch(/^ALD\d{8}$/);
    expect(await sandbox.registerDriver(cred, { ...d, idcard: '11010519491231002X' }, at)).toMatchObject({
      ok: false,
      errorCode: 'DRIVER_OVER_AGE',
    });
    expect(await sandbox.registerDriver(cred, { ...d, bankCard: '6222021234567890127' }, at)).toMatchObject({
      ok: false,
      errorCode: 'BANK_CARD_INVALID',
    });
  });
});
