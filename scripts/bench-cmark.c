/*
 * The cmark floor of a built site, for scripts/bench: how long libcmark alone takes to render the Markdown files
 * listed on stdin (one path a line) to HTML, as citygen does for every HTML page, with 2 threads. The files are
 * read before the clock starts; nothing is written. Prints "cmark: N pages, B bytes of HTML in S s (2 threads)".
 *
 * A lower bound for the HTML pages: a Markdown page lacks the raw HTML (map, data) its HTML twin's Markdown
 * carries, which cmark passes through cheaply. Build: gcc -O2 -pthread bench-cmark.c -lcmark
 */
#include <cmark.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char **texts;
static size_t *lengths;
static size_t count;
static size_t produced[2];

static void *render(void *arg) {
    long thread = (long)arg;
    for (size_t i = (size_t)thread; i < count; i += 2) {
        char *html = cmark_markdown_to_html(texts[i], lengths[i], CMARK_OPT_UNSAFE);
        produced[thread] += strlen(html);
        free(html);
    }
    return NULL;
}

int main(void) {
    size_t capacity = 1024;
    texts = malloc(capacity * sizeof *texts);
    lengths = malloc(capacity * sizeof *lengths);
    char path[4096];
    while (fgets(path, sizeof path, stdin)) {
        path[strcspn(path, "\n")] = 0;
        FILE *file = fopen(path, "rb");
        if (!file) { perror(path); return 1; }
        fseek(file, 0, SEEK_END);
        long length = ftell(file);
        fseek(file, 0, SEEK_SET);
        if (count == capacity) {
            capacity *= 2;
            texts = realloc(texts, capacity * sizeof *texts);
            lengths = realloc(lengths, capacity * sizeof *lengths);
        }
        texts[count] = malloc((size_t)length + 1);
        lengths[count] = fread(texts[count], 1, (size_t)length, file);
        fclose(file);
        count++;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pthread_t threads[2];
    for (long t = 0; t < 2; t++) pthread_create(&threads[t], NULL, render, (void *)t);
    for (long t = 0; t < 2; t++) pthread_join(threads[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("cmark: %zu pages, %zu bytes of HTML in %.2f s (2 threads)\n", count, produced[0] + produced[1],
           (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    return 0;
}
