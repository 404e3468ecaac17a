//! A small blocking HTTP/1.1 client for loopback use by `hector serve
//! --bench` and the service tests: one kept-alive connection, requests with
//! a body of known length, answers with `Content-Length`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer: status code and body.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

impl Answer {
    /// The body as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or(serde_json::Value::Null)
    }
}

/// One connection to a server.
pub struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
}

impl Client {
    /// A client for the server at `addr` (connects on first use).
    pub fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    fn connect(&mut self) -> std::io::Result<&mut BufReader<TcpStream>> {
        if self.conn.is_none() {
            let s = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5))?;
            s.set_nodelay(true)?;
            s.set_read_timeout(Some(Duration::from_secs(30)))?;
            self.conn = Some(BufReader::new(s));
        }
        Ok(self.conn.as_mut().expect("connected above"))
    }

    /// Sends a request; `token` goes in `Authorization: Bearer`.
    pub fn request(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &[u8],
    ) -> std::io::Result<Answer> {
        let reused = self.conn.is_some();
        let result = self.try_request(method, path, token, body);
        if result.is_err() {
            self.conn = None;
            if reused {
                // The server may have closed a kept-alive connection.
                let again = self.try_request(method, path, token, body);
                if again.is_err() {
                    self.conn = None;
                }
                return again;
            }
        }
        result
    }

    fn try_request(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &[u8],
    ) -> std::io::Result<Answer> {
        let host = self.addr;
        let conn = self.connect()?;
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\n",
            body.len()
        );
        if !body.is_empty() {
            head.push_str("Content-Type: application/json\r\n");
        }
        if let Some(t) = token {
            head.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        head.push_str("\r\n");
        let mut req = head.into_bytes();
        req.extend_from_slice(body);
        conn.get_mut().write_all(&req)?;
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let mut line = String::new();
        if conn.read_line(&mut line)? == 0 {
            return Err(bad("connection closed"));
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status line"))?;
        let mut length = None;
        let mut close = false;
        loop {
            line.clear();
            if conn.read_line(&mut line)? == 0 {
                return Err(bad("connection closed in the headers"));
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                let k = k.trim().to_ascii_lowercase();
                if k == "content-length" {
                    length = v.trim().parse::<usize>().ok();
                } else if k == "connection" && v.trim().eq_ignore_ascii_case("close") {
                    close = true;
                } else if k == "transfer-encoding" {
                    return Err(bad("chunked answers are not read by this client"));
                }
            }
        }
        let mut buf = vec![0u8; length.ok_or_else(|| bad("no content length"))?];
        conn.read_exact(&mut buf)?;
        if close {
            self.conn = None;
        }
        Ok(Answer {
            status,
            body: String::from_utf8_lossy(&buf).into_owned(),
        })
    }

    /// `POST /api/command` with `{"text": text}`.
    pub fn command(&mut self, token: &str, text: &str) -> std::io::Result<Answer> {
        let body = serde_json::json!({ "text": text }).to_string();
        self.request("POST", "/api/command", Some(token), body.as_bytes())
    }

    /// `GET /api/state`.
    pub fn state(&mut self, token: &str) -> std::io::Result<Answer> {
        self.request("GET", "/api/state", Some(token), b"")
    }
}

/// The seat addresses and port printed by `hector serve`.
#[derive(Debug, Clone, Default)]
pub struct Urls {
    /// (seat, url) in the order printed.
    pub seats: Vec<(String, String)>,
}

impl Urls {
    /// Reads `URL <seat> <url>` lines up to `READY`.
    pub fn read(from: &mut impl BufRead) -> std::io::Result<Urls> {
        let mut urls = Urls::default();
        let mut line = String::new();
        loop {
            line.clear();
            if from.read_line(&mut line)? == 0 {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "hector serve ended before READY",
                ));
            }
            let l = line.trim_end();
            if l == "READY" {
                return Ok(urls);
            }
            let mut parts = l.splitn(3, ' ');
            if let (Some("URL"), Some(seat), Some(url)) = (parts.next(), parts.next(), parts.next())
            {
                urls.seats.push((seat.to_string(), url.to_string()));
            }
        }
    }

    /// The url of a seat.
    pub fn url(&self, seat: &str) -> Option<&str> {
        self.seats
            .iter()
            .find(|(s, _)| s == seat)
            .map(|(_, u)| u.as_str())
    }

    /// The token of a seat.
    pub fn token(&self, seat: &str) -> Option<&str> {
        self.url(seat)?.split("token=").nth(1)
    }

    /// The server's address (from the first url).
    pub fn addr(&self) -> Option<SocketAddr> {
        let url = self.seats.first()?.1.strip_prefix("http://")?;
        url.split('/').next()?.parse().ok()
    }
}
