//! The message layer: every sentence of a game comes from
//! `locales/<code>/messages.ftl`, Project Fluent messages with CLDR plural
//! categories (`intl_pluralrules`, through `fluent-bundle`), selectors for
//! grammatical case and the words that agree with a noun (`side`, `seat`,
//! `piece`, `unit-hour` … `unit-move`).
//!
//! A message may ask for one of its variables in a grammatical case with
//! an attribute named like the variable (`.time = acc`, `.seat = dat`);
//! the caller reads it with [`Messages::case_of`] and words the variable
//! in that case. Without one the variable is nominative.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;

use super::{CODES, LocaleError, Part, source};

/// One argument of a message: a word or a number (numbers choose plural
/// categories).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    Text(&'a str),
    Num(u64),
}

/// The messages of one locale.
pub struct Messages {
    code: &'static str,
    bundle: FluentBundle<std::sync::Arc<FluentResource>>,
    /// Every message id, sorted.
    ids: Vec<String>,
    resource: std::sync::Arc<FluentResource>,
}

impl std::fmt::Debug for Messages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Messages")
            .field("code", &self.code)
            .field("ids", &self.ids.len())
            .finish()
    }
}

static LOADED: OnceLock<Vec<Result<Messages, LocaleError>>> = OnceLock::new();

/// The variables a pattern uses: those it prints and those it only
/// selects on.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Variables {
    pub printed: BTreeSet<String>,
    pub selectors: BTreeSet<String>,
}

fn walk_pattern(p: &ast::Pattern<&str>, v: &mut Variables) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            walk_expression(expression, v);
        }
    }
}

fn walk_expression(e: &ast::Expression<&str>, v: &mut Variables) {
    match e {
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                v.selectors.insert(id.name.to_string());
            } else {
                walk_inline(selector, v);
            }
            for var in variants {
                walk_pattern(&var.value, v);
            }
        }
        ast::Expression::Inline(i) => walk_inline(i, v),
    }
}

fn walk_inline(i: &ast::InlineExpression<&str>, v: &mut Variables) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            v.printed.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, v),
        ast::InlineExpression::FunctionReference { arguments, .. }
        | ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                walk_inline(a, v);
            }
        }
        _ => {}
    }
}

impl Messages {
    /// The messages of a locale (`de`, `en`, `pl`, `sr`, `el`).
    pub fn get(code: &str) -> Result<&'static Messages, LocaleError> {
        let all = LOADED.get_or_init(|| CODES.iter().map(|c| Messages::load(c)).collect());
        let code = super::code(code)?;
        let i = CODES.iter().position(|c| *c == code).unwrap_or(0);
        all[i].as_ref().map_err(Clone::clone)
    }

    fn load(code: &'static str) -> Result<Messages, LocaleError> {
        let data = |reason: String| LocaleError::Data {
            code: code.to_string(),
            reason: format!("messages.ftl: {reason}"),
        };
        let text = source(code, Part::Messages)?;
        let joined = |errors: &[_]| {
            data(
                errors
                    .iter()
                    .map(|e: &fluent_bundle::FluentError| e.to_string())
                    .collect::<Vec<_>>()
                    .join("; "),
            )
        };
        // Parsed once: the bundle formats from it, the tests walk it.
        let resource = std::sync::Arc::new(FluentResource::try_new(text.to_string()).map_err(
            |(_, errors)| {
                data(
                    errors
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("; "),
                )
            },
        )?);
        let lang = code
            .parse()
            .map_err(|_| data(format!("'{code}' is no language tag")))?;
        let mut bundle = FluentBundle::new_concurrent(vec![lang]);
        // Plain text for speech and Braille: no Unicode isolation marks.
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource.clone())
            .map_err(|errors| joined(&errors))?;
        let mut ids: Vec<String> = resource
            .entries()
            .filter_map(|e| match e {
                ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect();
        ids.sort_unstable();
        Ok(Messages {
            code,
            bundle,
            ids,
            resource,
        })
    }

    pub fn code(&self) -> &'static str {
        self.code
    }

    /// Whether a message exists.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// Every message id, sorted (for completeness tests and golden files).
    pub fn ids(&self) -> Vec<&str> {
        self.ids.iter().map(String::as_str).collect()
    }

    /// The variables a message's value uses.
    pub fn variables(&self, id: &str) -> Variables {
        let mut v = Variables::default();
        for e in self.resource.entries() {
            if let ast::Entry::Message(m) = e
                && m.id.name == id
                && let Some(p) = &m.value
            {
                walk_pattern(p, &mut v);
            }
        }
        v
    }

    /// The attributes of a message, as (name, text) pairs.
    pub fn attributes(&self, id: &str) -> Vec<(String, String)> {
        let Some(m) = self.bundle.get_message(id) else {
            return Vec::new();
        };
        m.attributes()
            .map(|a| {
                let mut errors = Vec::new();
                let text = self.bundle.format_pattern(a.value(), None, &mut errors);
                (a.id().to_string(), text.into_owned())
            })
            .collect()
    }

    /// The grammatical case a message asks for one of its variables
    /// (`.time = acc`), `nom` without one.
    pub fn case_of(&self, id: &str, variable: &str) -> String {
        self.attributes(id)
            .into_iter()
            .find(|(n, _)| n == variable)
            .map(|(_, c)| c)
            .unwrap_or_else(|| "nom".to_string())
    }

    /// A message with its variables filled in. A missing message gives its
    /// id in brackets (the golden tests catch it); a missing variable is
    /// left as Fluent shows it, `{$name}`.
    pub fn format(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return format!("[{id}]");
        };
        let mut fa = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(t) => fa.set(*name, FluentValue::from(*t)),
                Arg::Num(n) => fa.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fa), &mut errors)
            .into_owned()
    }

    /// A message with text arguments; an argument that is a whole number
    /// (`"3"`) is passed as a number, so it can choose a plural form.
    pub fn text(&self, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, Arg)> = args
            .iter()
            .map(|(n, v)| match v.parse::<u64>() {
                Ok(x) if !v.starts_with('+') => (*n, Arg::Num(x)),
                _ => (*n, Arg::Text(v)),
            })
            .collect();
        self.format(id, &args)
    }
}

/// A sentence that moved into messages.ftl from another locale file
/// (`notation-…`, `game-…`, `boards-…`): formatted with its variables, a
/// whole number choosing the plural form, if the locale has it.
pub fn sentence(code: &str, id: &str, args: &[(&str, &str)]) -> Option<String> {
    let m = Messages::get(code).ok()?;
    m.has(id).then(|| m.text(id, args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_locale_parses_and_polish_plurals_follow_cldr() {
        for code in CODES {
            let m = Messages::get(code).unwrap_or_else(|e| panic!("{code}: {e}"));
            assert!(m.has("unit-minute"), "{code}");
        }
        let pl = Messages::get("pl").unwrap();
        let minute = |n: u64| {
            pl.format(
                "unit-minute",
                &[
                    ("n", Arg::Num(n)),
                    ("words", Arg::Text("x")),
                    ("case", Arg::Text("nom")),
                ],
            )
        };
        assert_eq!(minute(1), "x minuta");
        assert_eq!(minute(22), "x minuty");
        assert_eq!(minute(25), "x minut");
        assert_eq!(minute(12), "x minut");
        assert_eq!(pl.case_of("answer_used", "time"), "acc");
        assert_eq!(pl.case_of("answer_used", "color"), "nom");
    }

    #[test]
    fn variables_are_found_in_selectors_and_placeables() {
        let el = Messages::get("el").unwrap();
        let v = el.variables("answer_moves");
        assert!(v.selectors.contains("count"), "{v:?}");
        assert!(v.printed.contains("moves") && v.printed.contains("color"));
    }
}
