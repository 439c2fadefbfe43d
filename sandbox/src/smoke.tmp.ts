import { PGlite } from '@electric-sql/pglite';
import { migrateSandbox, resetSandbox } from './seed.js';
const db = new PGlite();
let t = Date.now();
await migrateSandbox(db as never); console.log('migrate', Date.now() - t); t = Date.now();
await migrateSandbox(db as never); console.log('migrate2', Date.now() - t); t = Date.now();
await resetSandbox(db as never); console.log('reset', Date.now() - t);
console.log((await db.query('select * from sandbox.subscribers')).rows);
console.log((await db.query(`select sandbox.apply_operation($1::jsonb) r`, [JSON.stringify({operationId:'a', type:'AIRTIME_DEBIT', msisdn:'2348021000004', amountKobo: 4000})])).rows);
console.log((await db.query(`select sandbox.apply_operation($1::jsonb) r`, [JSON.stringify({operationId:'a', type:'AIRTIME_DEBIT', msisdn:'2348021000004', amountKobo: 4000})])).rows);
try { await db.query(`select sandbox.apply_operation($1::jsonb) r`, [JSON.stringify({operationId:'b', type:'AIRTIME_DEBIT', msisdn:'2348021000004', amountKobo: 4000})]) } catch (e) { console.log((e as Error).message, (e as {code:string}).code) }
console.log((await db.query(`select sandbox.check_pin('2348021000001','MOMO','1111') r`)).rows);
