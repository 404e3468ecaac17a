//! The arguments of one `hector` subcommand, as the subcommand reads them.
//!
//! clap reads and checks the command line (see [`super::Cli`]);
//! [`Args::from_matches`] hands its result to the subcommand as values
//! (`--name value`), switches (`--name`) and positionals. [`Args::parse`]
//! reads the options `hector play` passes through: flags are `--name value`
//! or `--name=value`; switches are `--name`; anything else is positional.
//! Unknown flags are an error with a clear sentence, so a typing slip never
//! silently changes what hector does.

use std::collections::HashMap;

/// Parsed arguments of one subcommand.
#[derive(Debug, Default, Clone)]
pub struct Args {
    values: HashMap<String, String>,
    switches: Vec<String>,
    positional: Vec<String>,
}

impl Args {
    /// Reads `args`. `valued` names the flags that take a value, `switches`
    /// those that do not (both without the leading `--`).
    pub fn parse(args: &[String], valued: &[&str], switches: &[&str]) -> Result<Args, String> {
        let mut out = Args::default();
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            if a == "--" {
                out.positional.extend(args[i + 1..].iter().cloned());
                break;
            }
            if let Some(flag) = a.strip_prefix("--") {
                let (name, inline) = match flag.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (flag, None),
                };
                if valued.contains(&name) {
                    let value = match inline {
                        Some(v) => v,
                        None => {
                            i += 1;
                            match args.get(i) {
                                Some(v) => v.clone(),
                                None => return Err(format!("--{name} needs a value.")),
                            }
                        }
                    };
                    out.values.insert(name.to_string(), value);
                } else if switches.contains(&name) {
                    if inline.is_some() {
                        return Err(format!("--{name} takes no value."));
                    }
                    out.switches.push(name.to_string());
                } else {
                    return Err(format!("Unknown option --{name}."));
                }
            } else {
                out.positional.push(a.clone());
            }
            i += 1;
        }
        Ok(out)
    }

    /// The values clap matched for `cmd`: options under their long name,
    /// switches given, and positionals in order.
    pub fn from_matches(cmd: &clap::Command, m: &clap::ArgMatches) -> Args {
        let mut out = Args::default();
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if arg.is_positional() {
                if let Ok(Some(values)) = m.try_get_many::<String>(id) {
                    out.positional.extend(values.cloned());
                }
                continue;
            }
            let Some(long) = arg.get_long() else {
                continue;
            };
            if arg.get_action().takes_values() {
                if let Ok(Some(v)) = m.try_get_one::<String>(id) {
                    out.values.insert(long.to_string(), v.clone());
                }
            } else if matches!(arg.get_action(), clap::ArgAction::SetTrue)
                && m.try_get_one::<bool>(id).ok().flatten() == Some(&true)
            {
                out.switches.push(long.to_string());
            }
        }
        out
    }

    /// The arguments written back as a command line (`--name=value`,
    /// `--switch`, then `--` and the positionals), for a subcommand that
    /// reads its own arguments with [`Args::parse`].
    pub fn to_raw(&self) -> Vec<String> {
        let mut names: Vec<&String> = self.values.keys().collect();
        names.sort();
        let mut raw: Vec<String> = names
            .into_iter()
            .map(|n| format!("--{n}={}", self.values[n]))
            .collect();
        raw.extend(self.switches.iter().map(|s| format!("--{s}")));
        if !self.positional.is_empty() {
            raw.push("--".to_string());
            raw.extend(self.positional.iter().cloned());
        }
        raw
    }

    /// The value of a valued flag, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// Whether a switch was given.
    pub fn has(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// The positional arguments, in order.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// All positional arguments joined by single spaces (a spoken phrase may
    /// arrive quoted or as several words).
    pub fn rest_joined(&self) -> String {
        self.positional.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn reads_values_switches_and_positionals() {
        let a = Args::parse(
            &s(&["--locale", "pl", "--json", "e4", "--fen=8/8"]),
            &["locale", "fen"],
            &["json"],
        )
        .unwrap();
        assert_eq!(a.get("locale"), Some("pl"));
        assert_eq!(a.get("fen"), Some("8/8"));
        assert!(a.has("json"));
        assert_eq!(a.positional(), &s(&["e4"])[..]);
    }

    #[test]
    fn unknown_flag_and_missing_value_are_errors() {
        assert!(
            Args::parse(&s(&["--nope"]), &[], &[])
                .unwrap_err()
                .contains("--nope")
        );
        assert!(
            Args::parse(&s(&["--locale"]), &["locale"], &[])
                .unwrap_err()
                .contains("needs a value")
        );
    }
}
