//! The `hector session` input line: one JSON object per line.
//!
//! - `{"t": MS, "from": SEAT, "text": "..."}` — what a seat said or typed;
//! - `{"t": MS, "from": SEAT, "heard": ["e2e4", ...], "confidence": 0.9}` —
//!   a recogniser's hypotheses;
//! - `{"t": MS, "status": true}` — asks for a `status` event;
//! - `{"t": MS, "interrupted_ms": N}` — the service was down for N ms;
//! - `{"t": MS, "device": "eboard"|"braille"|"microphone", "seat": SEAT,
//!   "reachable": BOOL, "why": "..."}` — a device at the board went away
//!   or came back (`why` optional);
//! - `{"t": MS}` — only time passes.
//!
//! Anything else is refused with a sentence naming the problem.

use serde_json::{Map, Value};

use super::{Command, Input, Seat};

/// Longest input line read; longer ones are refused without being echoed.
pub const MAX_LINE: usize = 64 * 1024;

fn field<'a>(o: &'a Map<String, Value>, k: &str) -> Option<&'a Value> {
    o.get(k)
}

fn seat(o: &Map<String, Value>) -> Result<Seat, String> {
    match field(o, "from") {
        None => Err(
            "\"from\" is missing: say which seat speaks (white, black, assistant, arbiter)".into(),
        ),
        Some(Value::String(s)) => Seat::parse(s).ok_or_else(|| {
            format!(
                "unknown seat \"{}\": the seats are white, black, assistant and arbiter",
                s.chars().take(40).collect::<String>()
            )
        }),
        Some(_) => Err("\"from\" must be a seat name in quotes".into()),
    }
}

/// A `device` line's input.
fn device(d: &Value, o: &Map<String, Value>) -> Result<Input, String> {
    let device = d
        .as_str()
        .and_then(super::Device::parse)
        .ok_or("\"device\" must be \"eboard\", \"braille\" or \"microphone\"")?;
    let seat = match field(o, "seat") {
        None => return Err("\"seat\" is missing: whose device is it?".into()),
        Some(s) => s
            .as_str()
            .and_then(Seat::parse)
            .ok_or("\"seat\" must be a seat name in quotes (white, black, assistant, arbiter)")?,
    };
    let reachable = field(o, "reachable")
        .ok_or("\"reachable\" is missing: did the device go away (false) or come back (true)?")?
        .as_bool()
        .ok_or("\"reachable\" must be true or false")?;
    let why = match field(o, "why") {
        None | Some(Value::Null) => None,
        Some(Value::String(w)) => Some(w.chars().take(300).collect()),
        Some(_) => return Err("\"why\" must be text in quotes".into()),
    };
    Ok(Input::Device(super::DeviceNote {
        device,
        seat,
        reachable,
        why,
    }))
}

impl Command {
    /// Reads one input line of `hector session`.
    pub fn from_json_line(line: &str) -> Result<Command, String> {
        if line.len() > MAX_LINE {
            return Err(format!(
                "the line is {} bytes long; at most {MAX_LINE} are read",
                line.len()
            ));
        }
        let v: Value =
            serde_json::from_str(line.trim()).map_err(|e| format!("it is not JSON ({e})"))?;
        let Value::Object(o) = v else {
            return Err("it is not a JSON object".into());
        };
        let t = match field(&o, "t") {
            None => return Err("\"t\" (the time in milliseconds) is missing".into()),
            Some(t) => t
                .as_u64()
                .ok_or("\"t\" must be a whole number of milliseconds, 0 or more")?,
        };
        for k in o.keys() {
            if ![
                "t",
                "from",
                "text",
                "heard",
                "confidence",
                "status",
                "interrupted_ms",
                "device",
                "seat",
                "reachable",
                "why",
            ]
            .contains(&k.as_str())
            {
                return Err(format!(
                    "unknown field \"{}\"",
                    k.chars().take(40).collect::<String>()
                ));
            }
        }
        let input = if let Some(text) = field(&o, "text") {
            let from = seat(&o)?;
            let text = text.as_str().ok_or("\"text\" must be a string")?;
            Input::Text {
                from,
                text: text.to_string(),
            }
        } else if let Some(heard) = field(&o, "heard") {
            let from = seat(&o)?;
            let list = heard
                .as_array()
                .ok_or("\"heard\" must be a list of moves")?
                .iter()
                .map(|h| h.as_str().map(str::to_string))
                .collect::<Option<Vec<String>>>()
                .ok_or("\"heard\" must be a list of moves in quotes")?;
            let confidence = match field(&o, "confidence") {
                None => 1.0,
                Some(c) => c.as_f64().ok_or("\"confidence\" must be a number")? as f32,
            };
            Input::Heard {
                from,
                heard: list,
                confidence,
            }
        } else if field(&o, "from").is_some() {
            return Err("\"text\" is missing: what did the seat say?".into());
        } else if let Some(s) = field(&o, "status") {
            if s != &Value::Bool(true) {
                return Err("\"status\" must be true".into());
            }
            Input::Status { status: true }
        } else if let Some(ms) = field(&o, "interrupted_ms") {
            Input::Interrupted {
                interrupted_ms: ms
                    .as_u64()
                    .ok_or("\"interrupted_ms\" must be a whole number")?,
            }
        } else if let Some(d) = field(&o, "device") {
            device(d, &o)?
        } else {
            Input::Tick {}
        };
        Ok(Command { t, input })
    }

    /// The command as one JSON line (the journal's form).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form_and_refuses_bad_lines() {
        let c = Command::from_json_line(r#"{"t": 5, "from": "white", "text": "e4"}"#).unwrap();
        assert_eq!(c, Command::text(5, Seat::White, "e4"));
        assert_eq!(
            Command::from_json_line(r#"{"t": 7}"#).unwrap(),
            Command::tick(7)
        );
        assert_eq!(
            Command::from_json_line(r#"{"t": 7, "status": true}"#).unwrap(),
            Command::status(7)
        );
        for bad in [
            "",
            "not json",
            "[1]",
            r#"{"from": "white", "text": "e4"}"#,
            r#"{"t": -1}"#,
            r#"{"t": 1, "from": "king", "text": "e4"}"#,
            r#"{"t": 1, "from": "white"}"#,
            r#"{"t": 1, "form": "white", "text": "e4"}"#,
            r#"{"t": 1, "status": false}"#,
        ] {
            assert!(Command::from_json_line(bad).is_err(), "{bad}");
        }
        // The journal form reads back as the same command.
        let c = Command::text(9, Seat::Arbiter, "start clock");
        assert_eq!(Command::from_json_line(&c.to_json_line()).unwrap(), c);
        let h = Command::from_json_line(
            r#"{"t": 3, "from": "black", "heard": ["e7e5", "e7e6"], "confidence": 0.5}"#,
        )
        .unwrap();
        assert_eq!(Command::from_json_line(&h.to_json_line()).unwrap(), h);
    }

    #[test]
    fn reads_a_device_line_and_refuses_a_wrong_one() {
        let line =
            r#"{"t": 4, "device": "eboard", "seat": "black", "reachable": false, "why": "gone"}"#;
        let c = Command::from_json_line(line).unwrap();
        assert_eq!(
            c.input,
            Input::Device(super::super::DeviceNote {
                device: super::super::Device::Eboard,
                seat: Seat::Black,
                reachable: false,
                why: Some("gone".into()),
            })
        );
        // The journal form reads back as the same command.
        assert_eq!(Command::from_json_line(&c.to_json_line()).unwrap(), c);
        let back = r#"{"t": 5, "device": "microphone", "seat": "white", "reachable": true}"#;
        assert!(matches!(
            Command::from_json_line(back).unwrap().input,
            Input::Device(super::super::DeviceNote {
                why: None,
                reachable: true,
                ..
            })
        ));
        for (bad, says) in [
            (
                r#"{"t": 1, "device": "printer", "seat": "white", "reachable": true}"#,
                "\"device\" must be",
            ),
            (
                r#"{"t": 1, "device": "braille", "reachable": true}"#,
                "\"seat\" is missing",
            ),
            (
                r#"{"t": 1, "device": "braille", "seat": "king", "reachable": true}"#,
                "\"seat\" must be",
            ),
            (
                r#"{"t": 1, "device": "braille", "seat": "white"}"#,
                "\"reachable\" is missing",
            ),
            (
                r#"{"t": 1, "device": "braille", "seat": "white", "reachable": "no"}"#,
                "true or false",
            ),
            (
                r#"{"t": 1, "device": "braille", "seat": "white", "reachable": true, "why": 3}"#,
                "\"why\" must be",
            ),
        ] {
            let e = Command::from_json_line(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
