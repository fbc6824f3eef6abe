-- The schema as the server made it before it had migrations. Every
-- statement is `IF NOT EXISTS`: a database made by that server opens
-- with its rows kept, and this migration is then marked applied.
-- Portable SQL: the same text runs on SQLite and PostgreSQL.
-- Never edit an applied migration (its checksum is stored): add one.

-- Games: one row a game (seats, clock, status, version, dice).
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats TEXT NOT NULL,
    clock TEXT NOT NULL,
    clock_state TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT NOT NULL,
    version BIGINT NOT NULL,
    seeds TEXT NOT NULL,
    commitment TEXT NOT NULL,
    server_seed TEXT NOT NULL,
    extra TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

-- The tokens played, in order.
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL,
    ply BIGINT NOT NULL,
    version BIGINT NOT NULL,
    token TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- Every change, numbered by the game's version.
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL,
    version BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE INDEX IF NOT EXISTS games_status ON games (status);

-- The accounts at a game's seats (taken, or kept for an account).
CREATE TABLE IF NOT EXISTS game_players (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    account_id TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX IF NOT EXISTS game_players_account ON game_players (account_id, game_id);

-- Each account's rating per pool.
CREATE TABLE IF NOT EXISTS ratings (
    account_id TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    skill TEXT NOT NULL,
    games BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, pool)
);

CREATE INDEX IF NOT EXISTS ratings_board ON ratings (pool, rating, account_id);

-- The rated games already settled.
CREATE TABLE IF NOT EXISTS rated_games (
    game_id TEXT PRIMARY KEY,
    pool TEXT NOT NULL,
    counted BIGINT NOT NULL,
    reason TEXT NOT NULL,
    changes TEXT NOT NULL,
    settled_ms BIGINT NOT NULL
);

-- Accounts: names, argon2id password hashes, API token hashes.
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    kind TEXT NOT NULL,
    token_hash TEXT,
    created_ms BIGINT NOT NULL
);

-- Sessions, by the SHA-256 of their cookie.
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS accounts_token ON accounts (token_hash);

CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_ms);

-- The archive of finished games: one row a game ...
CREATE TABLE IF NOT EXISTS finished (
    game_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    outcome TEXT NOT NULL,
    termination TEXT NOT NULL,
    players TEXT NOT NULL,
    private BIGINT NOT NULL,
    ended_ms BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS finished_ended ON finished (private, ended_ms, game_id);

CREATE INDEX IF NOT EXISTS finished_game ON finished (game, private, ended_ms, game_id);

-- ... and one row a seat held by an account.
CREATE TABLE IF NOT EXISTS finished_players (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    account_id TEXT NOT NULL,
    result TEXT NOT NULL,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    outcome TEXT NOT NULL,
    private BIGINT NOT NULL,
    ended_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX IF NOT EXISTS finished_players_account
    ON finished_players (account_id, ended_ms, game_id);
