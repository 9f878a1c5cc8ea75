from rookery.fetchers.discover import find_links

PAGE = b"""<html><body>
<a href="/files/Skyforge_Rules_v1.10.pdf">new</a>
<a href="https://cdn.example.org/Skyforge_Rules_v1.2-final.pdf">old</a>
<a href="/files/Skyforge_Rules_v1.10.pdf">again</a>
<a href="/files/other.pdf">other</a>
<link rel="alternate" href="Skyforge_Rules_v1.9.pdf">
</body></html>"""


def test_links_matching_the_pattern_come_back_absolute_once_in_version_order():
    links = find_links(PAGE, "https://example.org/rules/index.html",
                       r'Skyforge_Rules_v(?P<version>[0-9.]+?)(?:-\w+)?\.pdf')
    assert [(l.url, l.version) for l in links] == [
        ("https://cdn.example.org/Skyforge_Rules_v1.2-final.pdf", "1.2"),
        ("https://example.org/rules/Skyforge_Rules_v1.9.pdf", "1.9"),
        ("https://example.org/files/Skyforge_Rules_v1.10.pdf", "1.10"),
    ]


def test_a_page_without_matching_links_gives_none():
    assert find_links(b"<html><body><p>nothing</p></body></html>", "https://x.org/",
                      r"v(?P<version>\d+)\.pdf") == []


def test_a_web_page_cannot_point_rookery_at_local_files():
    page = (b'<a href="file:///etc/Skyforge_Rules_v9.9.pdf">x</a>'
            b'<a href="file:///home/me/secret.pdf#Skyforge_Rules_v9.8.pdf">y</a>'
            b'<a href="ftp://mirror.example.org/Skyforge_Rules_v9.7.pdf">z</a>'
            b'<a href="/ok/Skyforge_Rules_v1.0.pdf">ok</a>')
    links = find_links(page, "https://example.org/", r"Skyforge_Rules_v(?P<version>[0-9.]+)\.pdf")
    assert [l.url for l in links] == ["https://example.org/ok/Skyforge_Rules_v1.0.pdf"]


def test_a_local_index_page_may_link_local_files():
    links = find_links(b'<a href="Skyforge_Rules_v1.0.pdf">x</a>', "file:///srv/rules/index.html",
                       r"Skyforge_Rules_v(?P<version>[0-9.]+)\.pdf")
    assert [l.url for l in links] == ["file:///srv/rules/Skyforge_Rules_v1.0.pdf"]
