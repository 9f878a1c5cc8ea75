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
