//! The conformance suite keyed by the FIDE Laws: every file in
//! `tests/laws/` is one clause (article and edition) played through the
//! real `hector session` binary. A scenario's `status` says whether hector
//! applies the clause today ("holds": it must pass) or is known not to
//! ("open": it must still FAIL, so that a fix flips it and the table in
//! docs/laws.md stays honest).
//!
//! A scenario file (TOML):
//!
//! ```toml
//! article = "D.2.8"            # the clause
//! edition = "2023"             # 2023, 2009, 2005
//! title = "A slip of the tongue is corrected before the clock is pressed"
//! status = "holds"             # or "open"
//! defect = 10                  # optional: the defect of issue 30 it pins
//! options = ["--locale", "en"] # hector session options
//! input = [
//!   "1000 white Knight Felix three",          # T SEAT text
//!   '{"t":2000,"from":"white","text":"no"}', # or a JSON line as is
//! ]
//! [[expect]]                   # in order, each matching a later event
//! kind = "readback"
//! to = ["white", "assistant"]
//! line = 1                     # optional: produced by input line 1
//! text_has = "Felix three"     # optional: part of the sentence
//! [[absent]]                   # no event anywhere matches this
//! kind = "result"
//! ```
//!
//! Fields of an expectation are matched as a subset of the event's JSON:
//! tables key by key, arrays element by element, numbers and strings
//! exactly. Run `cargo test --test laws -- --nocapture` to see the table;
//! it is also written to `target/laws-report.txt`. With `LAWS_WHY=1` the
//! table also says why each open scenario fails today.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_hector");

/// The word that marks the end of an input line's events.
const MARK: &str = "qqlinemarkqq";

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/laws")
}

#[derive(Debug)]
struct Scenario {
    file: String,
    article: String,
    edition: String,
    title: String,
    open: bool,
    options: Vec<String>,
    input: Vec<String>,
    expect: Vec<toml::Table>,
    absent: Vec<toml::Table>,
}

fn strings(t: &toml::Table, key: &str, file: &str) -> Vec<String> {
    match t.get(key) {
        None => Vec::new(),
        Some(toml::Value::Array(a)) => a
            .iter()
            .map(|v| {
                v.as_str()
                    .unwrap_or_else(|| panic!("{file}: {key} holds only strings"))
                    .to_string()
            })
            .collect(),
        Some(_) => panic!("{file}: {key} must be an array of strings"),
    }
}

fn tables(t: &toml::Table, key: &str, file: &str) -> Vec<toml::Table> {
    match t.get(key) {
        None => Vec::new(),
        Some(toml::Value::Array(a)) => a
            .iter()
            .map(|v| {
                v.as_table()
                    .unwrap_or_else(|| panic!("{file}: [[{key}]] entries are tables"))
                    .clone()
            })
            .collect(),
        Some(_) => panic!("{file}: {key} must be [[{key}]] tables"),
    }
}

fn text(t: &toml::Table, key: &str, file: &str) -> String {
    t.get(key)
        .and_then(toml::Value::as_str)
        .unwrap_or_else(|| panic!("{file}: \"{key}\" (a string) is missing"))
        .to_string()
}

fn load(path: &Path) -> Scenario {
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let t: toml::Table = src
        .parse()
        .unwrap_or_else(|e| panic!("{file} is not TOML: {e}"));
    for k in t.keys() {
        assert!(
            [
                "article", "edition", "title", "status", "defect", "options", "input", "expect",
                "absent", "note"
            ]
            .contains(&k.as_str()),
            "{file}: unknown field {k}"
        );
    }
    let status = text(&t, "status", &file);
    assert!(
        status == "holds" || status == "open",
        "{file}: status must be \"holds\" or \"open\", not {status:?}"
    );
    let article = text(&t, "article", &file);
    let edition = text(&t, "edition", &file);
    assert!(
        ["2023", "2009", "2005"].contains(&edition.as_str()),
        "{file}: edition must be 2023, 2009 or 2005"
    );
    assert!(
        file.starts_with(&format!("{article}-{edition}-")),
        "{file}: the file name starts with the article and the edition ({article}-{edition}-…)"
    );
    let s = Scenario {
        article,
        edition,
        title: text(&t, "title", &file),
        open: status == "open",
        options: strings(&t, "options", &file),
        input: strings(&t, "input", &file),
        expect: tables(&t, "expect", &file),
        absent: tables(&t, "absent", &file),
        file,
    };
    assert!(
        !s.expect.is_empty() || !s.absent.is_empty(),
        "{}: a scenario expects something",
        s.file
    );
    s
}

/// `T SEAT text` → the JSON input line; a line starting with `{` is kept.
fn json_line(line: &str, file: &str) -> (u64, String) {
    let l = line.trim();
    if l.starts_with('{') {
        let v: Value =
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{file}: bad JSON input {l}: {e}"));
        let t = v.get("t").and_then(Value::as_u64).unwrap_or(0);
        return (t, l.to_string());
    }
    let mut parts = l.splitn(3, ' ');
    let t: u64 = parts
        .next()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{file}: input {l:?} must start with the time in ms"));
    let from = parts.next().unwrap_or("");
    let text = parts.next().unwrap_or("");
    if from.is_empty() {
        return (t, serde_json::json!({ "t": t }).to_string());
    }
    (
        t,
        serde_json::json!({ "t": t, "from": from, "text": text }).to_string(),
    )
}

/// The events of a run, each with the input line that produced it
/// (0 = the opening events).
fn run(s: &Scenario) -> Result<Vec<(usize, Value)>, String> {
    // After each input line the arbiter says a word no locale knows, at
    // the same time: its refusal marks where that line's events end (and
    // changes nothing); the marks are taken out again.
    // A first mark closes the opening events (line 0).
    let mut stdin = format!("{{\"t\":0,\"from\":\"arbiter\",\"text\":\"{MARK}\"}}\n");
    for l in &s.input {
        let (t, json) = json_line(l, &s.file);
        stdin.push_str(&json);
        stdin.push('\n');
        stdin.push_str(&format!(
            "{{\"t\":{t},\"from\":\"arbiter\",\"text\":\"{MARK}\"}}\n"
        ));
    }
    let mut child = Command::new(BIN)
        .arg("session")
        .args(&s.options)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start hector: {e}"))?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .map_err(|e| format!("cannot write to hector: {e}"))?;
    let out = child
        .wait_with_output()
        .map_err(|e| format!("hector did not end: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "hector session {:?} failed ({}): {}",
            s.options,
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let mut line = 0;
    let mut events = Vec::new();
    for l in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value =
            serde_json::from_str(l).map_err(|e| format!("output is not JSON ({e}): {l}"))?;
        if v.get("kind").and_then(Value::as_str) == Some("refused") && l.contains(MARK) {
            line += 1;
            continue;
        }
        events.push((line, v));
    }
    Ok(events)
}

fn toml_to_json(v: &toml::Value) -> Value {
    match v {
        toml::Value::String(s) => Value::String(s.clone()),
        toml::Value::Integer(i) => Value::from(*i),
        toml::Value::Float(f) => Value::from(*f),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => Value::Object(
            t.iter()
                .map(|(k, v)| (k.clone(), toml_to_json(v)))
                .collect(),
        ),
    }
}

fn subset(want: &Value, got: &Value) -> bool {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => w
            .iter()
            .all(|(k, wv)| g.get(k).is_some_and(|gv| subset(wv, gv))),
        (Value::Array(w), Value::Array(g)) => {
            w.len() == g.len() && w.iter().zip(g).all(|(a, b)| subset(a, b))
        }
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (a, b) => a == b,
    }
}

fn matches(want: &toml::Table, line: usize, ev: &Value) -> bool {
    let mut fields = serde_json::Map::new();
    for (k, v) in want {
        match k.as_str() {
            "line" => {
                if v.as_integer() != Some(line as i64) {
                    return false;
                }
            }
            "text_has" => {
                let has = v.as_str().unwrap_or("");
                if !ev
                    .get("text")
                    .and_then(Value::as_str)
                    .is_some_and(|t| t.contains(has))
                {
                    return false;
                }
            }
            _ => {
                fields.insert(k.clone(), toml_to_json(v));
            }
        }
    }
    subset(&Value::Object(fields), ev)
}

/// Why a scenario fails, or Ok when every expectation is met.
fn verdict(s: &Scenario) -> Result<(), String> {
    let events = run(s)?;
    let mut from = 0;
    for (i, want) in s.expect.iter().enumerate() {
        match events[from..]
            .iter()
            .position(|(line, ev)| matches(want, *line, ev))
        {
            Some(k) => from += k + 1,
            None => {
                return Err(format!(
                    "expectation {} not met: {}\n{}",
                    i + 1,
                    toml_to_json(&toml::Value::Table(want.clone())),
                    show(&events)
                ));
            }
        }
    }
    for want in &s.absent {
        if let Some((_, ev)) = events.iter().find(|(line, ev)| matches(want, *line, ev)) {
            return Err(format!(
                "an event that must not come came: {ev}\n{}",
                show(&events)
            ));
        }
    }
    Ok(())
}

fn show(events: &[(usize, Value)]) -> String {
    events
        .iter()
        .map(|(l, e)| format!("    [{l}] {e}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn scenarios() -> Vec<Scenario> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/laws exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}

#[test]
fn every_clause_scenario_has_the_status_it_claims() {
    let all = scenarios();
    assert!(all.len() >= 40, "only {} scenarios", all.len());
    let mut report = Vec::new();
    let mut wrong = Vec::new();
    for s in &all {
        let v = verdict(s);
        let line = match (&v, s.open) {
            (Ok(()), false) => format!("holds  {:<10} {} {}", s.article, s.edition, s.title),
            (Err(e), true) => {
                if std::env::var_os("LAWS_WHY").is_some() {
                    println!("--- why {} is open: {e}", s.file);
                }
                format!("OPEN   {:<10} {} {}", s.article, s.edition, s.title)
            }
            (Ok(()), true) => {
                wrong.push(format!(
                    "{}: marked open but now passes: set status = \"holds\" here and in docs/laws.md",
                    s.file
                ));
                format!("FIXED? {:<10} {} {}", s.article, s.edition, s.title)
            }
            (Err(e), false) => {
                wrong.push(format!("{}: {e}", s.file));
                format!("FAILS  {:<10} {} {}", s.article, s.edition, s.title)
            }
        };
        println!("{line}   [{}]", s.file);
        report.push(format!("{line}   [{}]", s.file));
    }
    let open = all.iter().filter(|s| s.open).count();
    let summary = format!(
        "{} scenarios: {} hold, {} open (known defects)",
        all.len(),
        all.len() - open,
        open
    );
    println!("{summary}");
    report.push(summary);
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    let _ = std::fs::write(target.join("laws-report.txt"), report.join("\n") + "\n");
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n\n"));
}

/// docs/laws.md lists every scenario file with the status the file gives,
/// so the arbiter's table cannot drift from the suite.
#[test]
fn the_clause_table_lists_every_scenario_with_its_status() {
    let doc_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/laws.md");
    let doc = std::fs::read_to_string(&doc_path).expect("docs/laws.md exists");
    let mut wrong = Vec::new();
    let all = scenarios();
    for s in &all {
        let rows: Vec<&str> = doc
            .lines()
            .filter(|l| l.starts_with('|') && l.contains(&s.file))
            .collect();
        let want = if s.open { "open" } else { "holds" };
        match rows.as_slice() {
            [] => wrong.push(format!("{} is not in docs/laws.md", s.file)),
            [row] => {
                let cells: Vec<&str> = row.split('|').map(str::trim).collect();
                if !cells.contains(&want) {
                    wrong.push(format!("{}: the table does not say {want}: {row}", s.file));
                }
            }
            _ => wrong.push(format!("{} has more than one row", s.file)),
        }
    }
    // No row names a file that does not exist.
    for l in doc.lines().filter(|l| l.starts_with('|')) {
        for word in l.split(['|', ' ', '`', '[', ']', '(', ')']) {
            if word.ends_with(".toml") && !all.iter().any(|s| s.file == word) {
                wrong.push(format!(
                    "docs/laws.md names {word}, which is not in tests/laws"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn scenario_input_lines_read_both_forms() {
    assert_eq!(
        json_line("1000 white Springer Felix drei", "x").1,
        r#"{"from":"white","t":1000,"text":"Springer Felix drei"}"#
    );
    assert_eq!(json_line("5000", "x").1, r#"{"t":5000}"#);
    assert_eq!(json_line(r#"{"t":7,"status":true}"#, "x").0, 7);
    let want: toml::Table = "kind = \"moved\"\nto = [\"all\"]\ntext_has = \"Eva\"\nline = 2"
        .parse()
        .unwrap();
    let ev = serde_json::json!({"kind":"moved","to":["all"],"text":"White: Eva four","san":"e4"});
    assert!(matches(&want, 2, &ev));
    assert!(!matches(&want, 1, &ev));
    let ev2 = serde_json::json!({"kind":"moved","to":"all","text":"White: Eva four"});
    assert!(
        !matches(&want, 2, &ev2),
        "a string is not the list [\"all\"]"
    );
}
