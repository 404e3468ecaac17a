//! The hall's key: 256 random bits `hector hall` makes once per tournament
//! (kept in its state folder) and prints as `KEY <hex>`; each board gets it
//! with `hector serve --hall-key KEY` (or `HECTOR_HALL_KEY`).
//!
//! With it a board authenticates every message it sends to the hall
//! (HMAC-SHA256 over the subject and the payload, header [`MAC_HEADER`]),
//! and names its rows with de-duplication ids no one without the key can
//! predict ([`HallKey::msg_id`]), so a message forged on the broker can
//! neither change the hall nor pre-empt a real row's id. The hall also
//! signs short-lived links to a board's arbiter page
//! ([`HallKey::arbiter_ticket`]): no token ever crosses the broker.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The header carrying a message's MAC (hex).
pub const MAC_HEADER: &str = "Hector-Mac";

/// How long a link the hall signs for a board's arbiter page stays good.
pub const TICKET_LIFETIME_MS: u64 = 60_000;
/// How far a board's clock may be off the hall's for a ticket to work
/// (a board whose clock is minutes off still lets the chief arbiter in;
/// each ticket works once, see [`HallKey::take_ticket`]).
pub const TICKET_SKEW_MS: u64 = 5 * 60_000;

/// The tickets a board has taken, with their expiry: each works once.
static TICKETS_TAKEN: std::sync::Mutex<std::collections::BTreeMap<String, u64>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

type HmacSha256 = Hmac<Sha256>;

/// The hall's secret key.
#[derive(Clone, PartialEq, Eq)]
pub struct HallKey([u8; 32]);

impl std::fmt::Debug for HallKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the key by accident.
        f.write_str("HallKey(…)")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

impl HallKey {
    /// A fresh key from the operating system's random source.
    pub fn generate() -> Result<HallKey, String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| format!("The system gave no random bytes for the hall's key: {e}"))?;
        Ok(HallKey(bytes))
    }

    /// Reads a key as `hector hall` prints it (64 hex digits); the error is
    /// a sentence for the user.
    pub fn parse(text: &str) -> Result<HallKey, String> {
        let text = text.trim();
        match unhex(text) {
            Some(b) if b.len() == 32 => {
                let mut bytes = [0u8; 32];
                bytes.copy_from_slice(&b);
                Ok(HallKey(bytes))
            }
            _ => Err(
                "The hall's key must be the 64 hex digits hector hall printed after KEY."
                    .to_string(),
            ),
        }
    }

    /// The key as 64 hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    fn hmac(&self, parts: &[&[u8]]) -> HmacSha256 {
        // A key of any length is accepted by HMAC.
        let mut m = match HmacSha256::new_from_slice(&self.0) {
            Ok(m) => m,
            Err(_) => unreachable_key(),
        };
        for p in parts {
            // Length-prefixed, so no two part lists give the same input.
            m.update(&(p.len() as u64).to_be_bytes());
            m.update(p);
        }
        m
    }

    /// The MAC of a message on `subject` with `payload` (hex).
    pub fn sign(&self, subject: &str, payload: &[u8]) -> String {
        hex(&self
            .hmac(&[b"hector hall message 1", subject.as_bytes(), payload])
            .finalize()
            .into_bytes())
    }

    /// Whether `mac` (hex) is the MAC of `payload` on `subject`, compared
    /// in constant time.
    pub fn verify(&self, subject: &str, payload: &[u8], mac: &str) -> bool {
        let Some(mac) = unhex(mac) else {
            return false;
        };
        self.hmac(&[b"hector hall message 1", subject.as_bytes(), payload])
            .verify_slice(&mac)
            .is_ok()
    }

    /// The de-duplication id of a board's row: `<T>.<N>.<seq>.<tag>`, the
    /// tag a MAC of the tournament, board, game and row (128 bits): the
    /// same for every re-publication of the row, unknown to anyone without
    /// the key, and another for every game (a new round on the same board
    /// number, with the same names, is never taken for a duplicate).
    pub fn msg_id(&self, tournament: &str, board: u32, game: Option<&str>, seq: u64) -> String {
        let (board_b, seq_b) = (board.to_be_bytes(), seq.to_be_bytes());
        let mut parts: Vec<&[u8]> =
            vec![b"hector hall id 1", tournament.as_bytes(), &board_b, &seq_b];
        // (A board that names no game keeps its ids of before.)
        if let Some(g) = game {
            parts.push(g.as_bytes());
        }
        let tag = self.hmac(&parts).finalize().into_bytes();
        format!("{tournament}.{board}.{seq}.{}", hex(&tag[..16]))
    }

    /// A ticket for the chief arbiter to open board `board`'s arbiter page,
    /// good until `expires_ms` (wall clock, ms since 1970):
    /// `<expires_ms>.<mac>`. The hall makes one when the arbiter follows a
    /// board's link on his overview; it goes to the board in his browser,
    /// never over the broker.
    pub fn arbiter_ticket(&self, tournament: &str, board: u32, expires_ms: u64) -> String {
        let mac = self
            .hmac(&[
                b"hector hall arbiter ticket 1",
                tournament.as_bytes(),
                &board.to_be_bytes(),
                &expires_ms.to_be_bytes(),
            ])
            .finalize()
            .into_bytes();
        format!("{expires_ms}.{}", hex(&mac))
    }

    /// Whether `ticket` opens board `board`'s arbiter page at `now_ms` (the
    /// board's clock): made with this key for this tournament and board,
    /// not expired and not good for longer than a ticket is made for, each
    /// give or take [`TICKET_SKEW_MS`] (the board's clock against the
    /// hall's).
    pub fn check_ticket(&self, tournament: &str, board: u32, ticket: &str, now_ms: u64) -> bool {
        let Some((expires, mac)) = ticket.split_once('.') else {
            return false;
        };
        let Ok(expires_ms) = expires.parse::<u64>() else {
            return false;
        };
        if expires_ms.saturating_add(TICKET_SKEW_MS) < now_ms
            || expires_ms > now_ms.saturating_add(2 * TICKET_LIFETIME_MS + TICKET_SKEW_MS)
        {
            return false;
        }
        let Some(mac) = unhex(mac) else {
            return false;
        };
        self.hmac(&[
            b"hector hall arbiter ticket 1",
            tournament.as_bytes(),
            &board.to_be_bytes(),
            &expires_ms.to_be_bytes(),
        ])
        .verify_slice(&mac)
        .is_ok()
    }

    /// [`HallKey::check_ticket`], and the ticket was not taken before in
    /// this process: a ticket opens the page once (one copied from the
    /// browser's history or address bar does not open it again).
    pub fn take_ticket(&self, tournament: &str, board: u32, ticket: &str, now_ms: u64) -> bool {
        if !self.check_ticket(tournament, board, ticket, now_ms) {
            return false;
        }
        let expires_ms = ticket
            .split_once('.')
            .and_then(|(e, _)| e.parse::<u64>().ok())
            .unwrap_or(0);
        let Ok(mut taken) = TICKETS_TAKEN.lock() else {
            return false;
        };
        taken.retain(|_, e| e.saturating_add(TICKET_SKEW_MS) >= now_ms);
        taken.insert(ticket.to_string(), expires_ms).is_none()
    }
}

#[cold]
fn unreachable_key() -> ! {
    // HMAC takes keys of any length; a 32-byte key cannot be refused.
    std::process::abort()
}

/// The board's key from `--hall-key`, else the file `--hall-key-file` (or
/// `HECTOR_HALL_KEY_FILE`) names, else `HECTOR_HALL_KEY`.
pub fn from_option_or_env(
    option: Option<&str>,
    file: Option<&std::path::Path>,
) -> Result<Option<HallKey>, String> {
    let env_file = std::env::var_os("HECTOR_HALL_KEY_FILE")
        .filter(|f| !f.is_empty())
        .map(std::path::PathBuf::from);
    match (option, file.map(std::path::Path::to_path_buf).or(env_file)) {
        (Some(k), _) => HallKey::parse(k).map(Some),
        (None, Some(f)) => {
            let text = std::fs::read_to_string(&f)
                .map_err(|e| format!("The hall's key file {} cannot be read: {e}.", f.display()))?;
            HallKey::parse(&text).map(Some)
        }
        (None, None) => match std::env::var("HECTOR_HALL_KEY") {
            Ok(k) if !k.trim().is_empty() => HallKey::parse(&k).map(Some),
            _ => Ok(None),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_as_printed_and_bad_keys_are_refused() {
        let k = HallKey::generate().unwrap();
        assert_eq!(k.to_hex().len(), 64);
        assert_eq!(HallKey::parse(&k.to_hex()).unwrap(), k);
        assert_ne!(HallKey::generate().unwrap(), k);
        for bad in ["", "abc", &"g".repeat(64), &"a".repeat(62), &"ü".repeat(32)] {
            assert!(HallKey::parse(bad).unwrap_err().contains("64 hex"), "{bad}");
        }
        assert!(!format!("{k:?}").contains(&k.to_hex()[..8]));
    }

    #[test]
    fn a_mac_binds_the_subject_and_the_payload() {
        let k = HallKey::generate().unwrap();
        let mac = k.sign("hector.open.1.events", b"{\"seq\":1}");
        assert!(k.verify("hector.open.1.events", b"{\"seq\":1}", &mac));
        assert!(!k.verify("hector.open.2.events", b"{\"seq\":1}", &mac));
        assert!(!k.verify("hector.open.1.events", b"{\"seq\":2}", &mac));
        assert!(!k.verify("hector.open.1.events", b"{\"seq\":1}", "zz"));
        let other = HallKey::generate().unwrap();
        assert!(!other.verify("hector.open.1.events", b"{\"seq\":1}", &mac));
    }

    #[test]
    fn message_ids_are_stable_per_row_and_unpredictable_without_the_key() {
        let k = HallKey::generate().unwrap();
        let id = k.msg_id("open", 7, None, 12);
        assert!(id.starts_with("open.7.12."), "{id}");
        assert_eq!(id, k.msg_id("open", 7, None, 12));
        assert_ne!(id, k.msg_id("open", 7, None, 13));
        assert_ne!(id, HallKey::generate().unwrap().msg_id("open", 7, None, 12));
        // Another game (round 2 on the same board number): another id.
        let g1 = k.msg_id("open", 7, Some("aa"), 12);
        assert_eq!(g1, k.msg_id("open", 7, Some("aa"), 12));
        assert_ne!(g1, k.msg_id("open", 7, Some("bb"), 12));
        assert_ne!(g1, id);
    }

    #[test]
    fn an_arbiter_ticket_opens_one_board_for_a_minute() {
        let k = HallKey::generate().unwrap();
        let now = 1_000_000;
        let t = k.arbiter_ticket("open", 3, now + TICKET_LIFETIME_MS);
        assert!(k.check_ticket("open", 3, &t, now));
        assert!(!k.check_ticket("open", 4, &t, now), "another board");
        assert!(!k.check_ticket("club", 3, &t, now), "another tournament");
        assert!(
            !k.check_ticket("open", 3, &t, now + TICKET_LIFETIME_MS + TICKET_SKEW_MS + 1),
            "expired"
        );
        // A board whose clock is 4 minutes off either way still takes it.
        assert!(k.check_ticket("open", 3, &t, now + 4 * 60_000));
        assert!(k.check_ticket("open", 3, &t, now - 4 * 60_000));
        let long = k.arbiter_ticket("open", 3, now + 10 * TICKET_LIFETIME_MS);
        assert!(!k.check_ticket("open", 3, &long, now), "too long");
        assert!(!k.check_ticket("open", 3, "x", now));
        assert!(
            !HallKey::generate()
                .unwrap()
                .check_ticket("open", 3, &t, now)
        );
    }

    #[test]
    fn an_arbiter_ticket_works_once() {
        let k = HallKey::generate().unwrap();
        let now = 2_000_000;
        let t = k.arbiter_ticket("once", 1, now + TICKET_LIFETIME_MS);
        assert!(k.take_ticket("once", 1, &t, now));
        assert!(!k.take_ticket("once", 1, &t, now + 1), "a second time");
        let u = k.arbiter_ticket("once", 1, now + TICKET_LIFETIME_MS + 1);
        assert!(k.take_ticket("once", 1, &u, now + 2), "a new ticket");
    }
}
