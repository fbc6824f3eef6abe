//! TLS for the tests: a private authority and a `localhost` certificate
//! made at test time (rcgen), a TLS-terminating proxy to a plain port,
//! and HTTPS and WSS clients that trust the authority.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore, ServerConfig};
use tokio_rustls::{TlsAcceptor, TlsConnector};

use super::common::Reply;

/// An authority and a certificate it signed for `localhost` and
/// 127.0.0.1, written as PEM files.
pub struct Pki {
    /// The authority's certificate (PEM), to trust.
    pub ca_file: PathBuf,
    /// The server's certificate (PEM).
    pub cert_file: PathBuf,
    /// The server's key (PEM, PKCS#8).
    pub key_file: PathBuf,
    cert_der: CertificateDer<'static>,
    key_der: Vec<u8>,
    ca_der: CertificateDer<'static>,
}

/// Makes the authority named `authority` and the certificate in `dir`.
pub fn make_pki(dir: &Path, authority: &str) -> Pki {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(DnType::CommonName, authority);
    ca_params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
    let ca_cert = ca_params.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca_params, ca_key);
    let key = KeyPair::generate().unwrap();
    let params =
        CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
    let cert = params.signed_by(&key, &issuer).unwrap();
    let pki = Pki {
        ca_file: dir.join("ca.pem"),
        cert_file: dir.join("server.pem"),
        key_file: dir.join("server.key"),
        cert_der: cert.der().clone(),
        key_der: key.serialize_der(),
        ca_der: ca_cert.der().clone(),
    };
    std::fs::write(&pki.ca_file, ca_cert.pem()).unwrap();
    std::fs::write(&pki.cert_file, cert.pem()).unwrap();
    std::fs::write(&pki.key_file, key.serialize_pem()).unwrap();
    pki
}

/// What the proxy saw: connections, and the requests for a game's
/// WebSocket among them (read in the clear after the TLS handshake).
#[derive(Default)]
pub struct Seen {
    /// Connections accepted and handshaken.
    pub connections: AtomicUsize,
    /// Of them, those whose first request was a `/socket` upgrade.
    pub sockets: AtomicUsize,
}

/// Starts a TLS-terminating proxy on 127.0.0.1 that forwards every
/// connection's bytes to `backend`; its address and what it sees.
pub async fn start_proxy(pki: &Pki, backend: SocketAddr) -> (SocketAddr, Arc<Seen>) {
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![pki.cert_der.clone()],
            PrivateKeyDer::Pkcs8(pki.key_der.clone().into()),
        )
        .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let seen = Arc::new(Seen::default());
    let counts = seen.clone();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let acceptor = acceptor.clone();
            let counts = counts.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(stream).await else {
                    return;
                };
                counts.connections.fetch_add(1, Ordering::SeqCst);
                let Ok(mut plain) = TcpStream::connect(backend).await else {
                    return;
                };
                let mut first = vec![0u8; 4096];
                let Ok(n) = tls.read(&mut first).await else {
                    return;
                };
                let head = String::from_utf8_lossy(&first[..n]).to_string();
                if head.starts_with("GET /api/games/") && head.contains("/socket?") {
                    counts.sockets.fetch_add(1, Ordering::SeqCst);
                }
                if plain.write_all(&first[..n]).await.is_err() {
                    return;
                }
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
            });
        }
    });
    (address, seen)
}

/// A client configuration that trusts the authority of `pki` only.
pub fn client_config(pki: &Pki) -> Arc<ClientConfig> {
    let mut roots = RootCertStore::empty();
    roots.add(pki.ca_der.clone()).unwrap();
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    Arc::new(
        ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth(),
    )
}

/// Sends one HTTPS/1.1 request (`Connection: close`) to `address`,
/// checking the certificate for `localhost`.
pub async fn https(
    pki: &Pki,
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> Reply {
    let connector = TlsConnector::from(client_config(pki));
    let tcp = TcpStream::connect(address).await.unwrap();
    let name = ServerName::try_from("localhost").unwrap();
    let mut stream = connector.connect(name, tcp).await.unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        address.port(),
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut bytes = Vec::new();
    // A peer may close without TLS's close_notify: what was read counts.
    let _ = stream.read_to_end(&mut bytes).await;
    let text = String::from_utf8_lossy(&bytes).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Reply {
        status,
        head: head.to_string(),
        body,
    }
}

/// The body of a chunked response.
fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        text = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A WebSocket over TLS to `path` at `address`, trusting `pki`.
pub async fn wss(
    pki: &Pki,
    address: SocketAddr,
    path: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>> {
    let url = format!("wss://localhost:{}{path}", address.port());
    let connector = tokio_tungstenite::Connector::Rustls(client_config(pki));
    let (socket, _) =
        tokio_tungstenite::connect_async_tls_with_config(url, None, false, Some(connector))
            .await
            .unwrap();
    socket
}
