//! Locales: words and phrases per language, from locales/.
