//! Seat tokens: 128 random bits from the operating system per seat, written
//! as 32 hex digits, compared in constant time.

use subtle::ConstantTimeEq;

/// Who a token belongs to: a seat of the session, or a spectator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    White,
    Black,
    Assistant,
    /// With `--blind both` each blind player has his own assistant (D.2.10).
    AssistantWhite,
    AssistantBlack,
    Arbiter,
    /// Spectators and broadcast: read only.
    Watch,
}

impl Who {
    /// Every seat, in the order `hector serve` prints their URLs.
    pub const ALL: [Who; 7] = [
        Who::White,
        Who::Black,
        Who::Assistant,
        Who::AssistantWhite,
        Who::AssistantBlack,
        Who::Arbiter,
        Who::Watch,
    ];

    /// Seats added after the first journals were written: a journal
    /// without their tokens gets fresh ones when it is opened.
    pub const ADDED: [Who; 2] = [Who::AssistantWhite, Who::AssistantBlack];

    /// The seat's name as in the session's JSON (`watch` for spectators).
    pub fn name(self) -> &'static str {
        match self {
            Who::White => "white",
            Who::Black => "black",
            Who::Assistant => "assistant",
            Who::AssistantWhite => "assistant-white",
            Who::AssistantBlack => "assistant-black",
            Who::Arbiter => "arbiter",
            Who::Watch => "watch",
        }
    }

    /// The seat named `name`.
    pub fn from_name(name: &str) -> Option<Who> {
        Who::ALL.into_iter().find(|w| w.name() == name)
    }

    /// Whether an event addressed to `to` (a list of seat names or `"all"`)
    /// is for this seat. Spectators see only events for everybody.
    pub fn sees(self, to: &serde_json::Value) -> bool {
        let Some(list) = to.as_array() else {
            return false;
        };
        list.iter().any(|s| {
            s.as_str()
                .is_some_and(|s| s == "all" || (self != Who::Watch && s == self.name()))
        })
    }
}

/// One fresh token: 128 random bits as 32 hex digits.
pub fn fresh_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        format!("The operating system gave no random numbers for the seat tokens: {e}.")
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The tokens of one board, one per seat.
#[derive(Debug, Clone)]
pub struct Tokens {
    entries: Vec<(Who, String)>,
}

impl Tokens {
    /// Fresh random tokens for every seat.
    pub fn generate() -> Result<Tokens, String> {
        let mut entries = Vec::new();
        for who in Who::ALL {
            entries.push((who, fresh_token()?));
        }
        Ok(Tokens { entries })
    }

    /// Tokens read back from a journal (seat name → token).
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<Tokens, String> {
        let mut entries = Vec::new();
        for who in Who::ALL {
            let token = pairs
                .iter()
                .find(|(s, _)| s == who.name())
                .map(|(_, t)| t.clone())
                .ok_or_else(|| format!("The journal has no token for the seat {}.", who.name()))?;
            if token.len() < 32 {
                return Err(format!(
                    "The journal's token for the seat {} is too short.",
                    who.name()
                ));
            }
            if let Some((other, _)) = entries.iter().find(|(_, t)| *t == token) {
                return Err(format!(
                    "The journal gives the seats {} and {} the same token; it is damaged.",
                    Who::name(*other),
                    who.name()
                ));
            }
            entries.push((who, token));
        }
        Ok(Tokens { entries })
    }

    /// Seat name → token, for the journal.
    pub fn pairs(&self) -> Vec<(String, String)> {
        self.entries
            .iter()
            .map(|(w, t)| (w.name().to_string(), t.clone()))
            .collect()
    }

    /// The token of a seat.
    pub fn token(&self, who: Who) -> &str {
        self.entries
            .iter()
            .find(|(w, _)| *w == who)
            .map(|(_, t)| t.as_str())
            .unwrap_or("")
    }

    /// The seat a presented token belongs to. Every stored token is compared,
    /// each in constant time, so the answer's timing does not tell how much
    /// of a guess was right.
    pub fn who(&self, presented: &str) -> Option<Who> {
        let mut found = None;
        for (who, token) in &self.entries {
            if bool::from(token.as_bytes().ct_eq(presented.as_bytes())) {
                found = Some(*who);
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tokens_are_distinct_128_bit_and_found_only_when_exact() {
        let t = Tokens::generate().unwrap();
        let all: Vec<&str> = Who::ALL.iter().map(|w| t.token(*w)).collect();
        for (i, a) in all.iter().enumerate() {
            assert_eq!(a.len(), 32);
            assert!(a.bytes().all(|b| b.is_ascii_hexdigit()));
            assert_eq!(t.who(a), Some(Who::ALL[i]));
            assert!(all.iter().filter(|b| *b == a).count() == 1);
            assert_eq!(t.who(&a[..31]), None);
            assert_eq!(t.who(&format!("{a}0")), None);
        }
        assert_eq!(t.who(""), None);
        let back = Tokens::from_pairs(&t.pairs()).unwrap();
        assert_eq!(back.token(Who::Arbiter), t.token(Who::Arbiter));
        assert_eq!(Who::from_name("assistant-black"), Some(Who::AssistantBlack));
        // A journal written before the per-player assistants lacks them.
        let old: Vec<(String, String)> = t
            .pairs()
            .into_iter()
            .filter(|(s, _)| !s.starts_with("assistant-"))
            .collect();
        assert!(Tokens::from_pairs(&old).is_err());
    }

    #[test]
    fn spectators_see_only_public_events() {
        assert!(Who::Watch.sees(&json!(["all"])));
        assert!(!Who::Watch.sees(&json!(["white", "arbiter"])));
        assert!(Who::Arbiter.sees(&json!(["white", "arbiter"])));
        assert!(!Who::Black.sees(&json!(["white"])));
        assert!(!Who::Black.sees(&json!("black")));
    }
}
