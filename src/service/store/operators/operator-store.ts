// The console's own statements: operators, their sessions, the audit log and the petitions
// overview (operators.ts, console-sessions.ts, audit-log.ts), part of the store (store.ts).
import type { SqlEngine } from '../engines/sql-engine.js';
import type { AuthKeyRequestRecord, PetitionRow } from '../store-rows.js';

export interface OperatorRow {
  id: number;
  email: string;
  password_hash: string;
  must_change_password: number;
  created_at: number;
}

export interface SessionRow {
  token_hash: string;
  operator_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  email: string;
  must_change_password: number;
}

export interface AuditRow {
  id: number;
  at: number;
  actor: string;
  action: string;
  subject: string;
  detail: string;
}

/** A key request with the names the operator decides by. */
export interface KeyRequestForReview extends AuthKeyRequestRecord {
  consumer_name: string;
  petition_title: string;
}

export function operatorStatements(db: SqlEngine) {
  return {
    insertOperator: db.prepare<{ email: string; password_hash: string; must_change_password: number; now: number }, { id: number }>(
      `INSERT INTO operators (email, password_hash, must_change_password, created_at)
       VALUES (@email, @password_hash, @must_change_password, @now) RETURNING id`,
    ),
    /** Emails compare without case (SQLite: the column's NOCASE; PostgreSQL: its lower(email) index). */
    operatorByEmail: db.prepare<[string], OperatorRow>({
      sqlite: 'SELECT * FROM operators WHERE email = ?',
      postgres: 'SELECT * FROM operators WHERE lower(email) = lower(?)',
    }),
    operatorById: db.prepare<[number], OperatorRow>('SELECT * FROM operators WHERE id = ?'),
    operatorCount: db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM operators'),
    setOperatorPassword: db.prepare<{ id: number; password_hash: string; must_change_password: number }>(
      'UPDATE operators SET password_hash = @password_hash, must_change_password = @must_change_password WHERE id = @id',
    ),
    insertSession: db.prepare<{ token_hash: string; operator_id: number; csrf_token: string; now: number }>(
      `INSERT INTO operator_sessions (token_hash, operator_id, csrf_token, created_at, last_seen_at)
       VALUES (@token_hash, @operator_id, @csrf_token, @now, @now)`,
    ),
    sessionByTokenHash: db.prepare<[string], SessionRow>(
      `SELECT s.*, o.email, o.must_change_password FROM operator_sessions s
       JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = ?`,
    ),
    touchSession: db.prepare<[number, string]>('UPDATE operator_sessions SET last_seen_at = ? WHERE token_hash = ?'),
    deleteSession: db.prepare<[string]>('DELETE FROM operator_sessions WHERE token_hash = ?'),
    deleteSessionsOfOperator: db.prepare<[number]>('DELETE FROM operator_sessions WHERE operator_id = ?'),
    sessionsOfOperator: db.prepare<[number], { token_hash: string }>('SELECT token_hash FROM operator_sessions WHERE operator_id = ?'),
    deleteExpiredSessions: db.prepare<{ created_before: number; seen_before: number }>(
      'DELETE FROM operator_sessions WHERE created_at < @created_before OR last_seen_at < @seen_before',
    ),
    insertAuditEntry: db.prepare<Omit<AuditRow, 'id'>>(
      'INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (@at, @actor, @action, @subject, @detail)',
    ),
    /** The latest of the given actions on a subject ("signature 812"), if any. */
    latestAuditAction: db.prepare<{ subject: string; first: string; second: string }, { action: string }>(
      'SELECT action FROM audit_log WHERE subject = @subject AND action IN (@first, @second) ORDER BY id DESC LIMIT 1',
    ),
    auditEntriesBefore: db.prepare<[number, number], AuditRow>('SELECT * FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?'),
    allPetitions: db.prepare<[], PetitionRow>(
      `SELECT id, title, overview, targets, goal, status, end_at, url, image_url, created_at, signature_count,
         first_listed_position, last_listed_position, earliest_signed_on, confirm_signers
       FROM petitions ORDER BY id DESC`,
    ),
    keyRequestsForReview: db.prepare<[], KeyRequestForReview>(
      `SELECT r.*, c.name AS consumer_name, p.title AS petition_title FROM auth_key_requests r
       JOIN consumers c ON c.id = r.consumer_id JOIN petitions p ON p.id = r.petition_id
       ORDER BY r.status = 'pending' DESC, r.updated_at DESC, r.id DESC`,
    ),
  };
}
